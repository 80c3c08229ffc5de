import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

type Box = { left: number; top: number; width: number; height: number };
const centre = (box: Box) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });

/**
 * The board's keyboard moves: an arrow key carries the lifted card to the nearest column in that direction (the
 * columns' order on screen, so right-to-left and a phone's stacked columns both work), not a few pixels.
 */
export const columnCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const dx = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  const dy = event.code === 'ArrowDown' ? 1 : event.code === 'ArrowUp' ? -1 : 0;
  const card = context.collisionRect;
  if ((!dx && !dy) || !card) return undefined;
  event.preventDefault();
  const from = centre(card);
  const target = nearestInDirection([...context.droppableRects.values()], from, dx, dy);
  if (!target) return currentCoordinates;
  return {
    x: currentCoordinates.x + (target.left + 8 - card.left),
    y: currentCoordinates.y + (target.top + 48 - card.top),
  };
};

/** The box whose centre is closest to a point among those lying in a direction from it (columns: along x). */
export function nearestInDirection<T extends Box>(
  boxes: T[],
  from: { x: number; y: number },
  dx: number,
  dy: number,
): T | undefined {
  let best: T | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const box of boxes) {
    const c = centre(box);
    const along = dx ? (c.x - from.x) * dx : (c.y - from.y) * dy;
    // Not in that direction (or the box under the card itself).
    if (along <= Math.min(box.width, box.height) / 4) continue;
    // A box beside the row (or column) of the card counts as farther.
    const across = dx ? Math.abs(c.y - from.y) : Math.abs(c.x - from.x);
    const distance = along + across * 2;
    if (distance < bestDistance) {
      best = box;
      bestDistance = distance;
    }
  }
  return best;
}
