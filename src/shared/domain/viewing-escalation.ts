import { addOfficeMinutes, type OfficeHours } from './office-clock';

/** Office hours an agent has to answer a viewing request before it goes to the branch manager (the default). */
export const DEFAULT_VIEWING_ESCALATION_HOURS = 4;

/**
 * When an unanswered viewing request goes to the branch manager (docs/viewings.md, "Unanswered requests"):
 * `hours` of office time after it was made, counted only while the office is open (office-clock.ts), so a
 * request made on Thursday afternoon waits through the weekend. Null when the setting is 0 (never).
 */
export function escalationDeadline(requestedAt: Date, hours: number, office: OfficeHours): Date | null {
  if (hours <= 0) return null;
  return addOfficeMinutes(requestedAt, hours * 60, office);
}

/**
 * Whether a request is due to go to the branch manager at `now`: past its deadline, and still with a proposed
 * time ahead (a request whose times all passed can no longer be confirmed, so no one is asked to).
 */
export function escalationDue(
  request: { createdAt: Date; proposals: readonly string[] },
  now: Date,
  hours: number,
  office: OfficeHours,
): boolean {
  const deadline = escalationDeadline(request.createdAt, hours, office);
  if (!deadline || deadline.getTime() > now.getTime()) return false;
  return request.proposals.some((p) => new Date(p).getTime() > now.getTime());
}
