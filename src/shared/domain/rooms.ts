/** A number of rooms in Hebrew: 'חדר אחד' for one, '2.5 חדרים' otherwise (never '1 חדרים'). */
export function roomsText(rooms: number): string {
  return rooms === 1 ? 'חדר אחד' : `${rooms.toLocaleString('he-IL')} חדרים`;
}

/** A property's kind with its rooms, as a title says it: 'דירת 4 חדרים', 'דירת חדר אחד', 'וילה 6 חדרים'. */
export function kindWithRooms(category: string, rooms: number | null): string {
  if (rooms === null || category === 'שטח') return category;
  return category === 'דירה' ? `דירת ${roomsText(rooms)}` : `${category} ${roomsText(rooms)}`;
}
