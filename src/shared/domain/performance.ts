const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/**
 * Where the month will end at the current pace: actual / elapsed working days * total working days,
 * two decimals. Before the first working day there is no pace yet, so the forecast is the actual.
 */
export function forecast(actual: number, elapsedDays: number, totalDays: number): number {
  if (elapsedDays <= 0) return actual;
  return round2((actual / elapsedDays) * totalDays);
}

/** actual / goal * 100, two decimals; null when there is no goal (shown as 'no goal', never 0% or infinity). */
export function percentage(actual: number, goal: number | null | undefined): number | null {
  if (!goal || goal <= 0) return null;
  return round2((actual / goal) * 100);
}

/** Green at 100% or more, red below (SPEC section 9). */
export function isOnTarget(value: number | null): boolean {
  return value !== null && value >= 100;
}
