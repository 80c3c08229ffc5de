import { describe, expect, it } from 'vitest';
import { israelWallTime } from './israel-calendar';
import { DEFAULT_OFFICE_HOURS } from './office-clock';
import { escalationDeadline, escalationDue } from './viewing-escalation';

// 2026-12-03 is a Thursday; the office (9:00-16:00, Sunday to Thursday) is closed until Sunday 2026-12-06.
const at = (date: string, clock: string) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return israelWallTime(date, h * 60 + m);
};
const office = DEFAULT_OFFICE_HOURS;

describe('escalationDeadline: office hours after the request', () => {
  it('counts only open hours: Thursday 14:00 plus 4 office hours is Sunday 11:00', () => {
    expect(escalationDeadline(at('2026-12-03', '14:00'), 4, office)).toEqual(at('2026-12-06', '11:00'));
  });

  it('a request made at night starts counting at the next opening', () => {
    expect(escalationDeadline(at('2026-12-06', '22:30'), 2, office)).toEqual(at('2026-12-07', '11:00'));
  });

  it('follows the office hours it is given', () => {
    const late = { opens: 12 * 60, closes: 20 * 60 };
    expect(escalationDeadline(at('2026-12-07', '10:00'), 4, late)).toEqual(at('2026-12-07', '16:00'));
  });

  it('is none when the setting is 0', () => {
    expect(escalationDeadline(at('2026-12-03', '14:00'), 0, office)).toBeNull();
  });
});

describe('escalationDue', () => {
  const request = {
    createdAt: at('2026-12-03', '14:00'),
    proposals: [at('2026-12-08', '10:00').toISOString()],
  };

  it('is not due over the weekend, though more than 4 hours of the clock passed', () => {
    expect(escalationDue(request, at('2026-12-05', '22:00'), 4, office)).toBe(false);
    expect(escalationDue(request, at('2026-12-06', '10:59'), 4, office)).toBe(false);
  });

  it('is due from the deadline on', () => {
    expect(escalationDue(request, at('2026-12-06', '11:00'), 4, office)).toBe(true);
    expect(escalationDue(request, at('2026-12-07', '09:00'), 4, office)).toBe(true);
  });

  it('is not due once every proposed time has passed, nor when the setting is 0', () => {
    expect(escalationDue(request, at('2026-12-08', '10:00'), 4, office)).toBe(false);
    expect(escalationDue(request, at('2026-12-07', '09:00'), 0, office)).toBe(false);
  });
});
