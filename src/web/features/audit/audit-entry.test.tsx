import type { AuditEntry } from '@shared/schemas/audit';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditEntryRow } from './audit-entry';

function renderEntry(changes: AuditEntry['changes'], names: Record<string, string> = {}) {
  const entry: AuditEntry = {
    _id: 'a1',
    actorId: 'u1',
    actorName: 'מנהלת',
    entity: 'settings',
    entityId: null,
    subject: null,
    action: 'update',
    changes,
    createdAt: '2024-05-01T09:30:00.000Z',
  };
  render(
    <ul>
      <AuditEntryRow entry={entry} names={names} />
    </ul>,
  );
}

/** The text of the field's before (del) and after (ins) values. */
function values(label: string) {
  const dd = screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
  return [dd.querySelector('del')?.textContent, dd.querySelector('ins')?.textContent];
}

const statement = {
  coordinatorName: 'דנה',
  coordinatorPhone: '050-1234567',
  coordinatorEmail: 'dana@example.com',
  lastChecked: '2024-04-01',
  tested: 'נבדק',
  limitations: '',
};

describe('AuditEntryRow', () => {
  it('labels every settings field in Hebrew', () => {
    const fields = [
      'agencyName',
      'phone',
      'email',
      'address',
      'city',
      'officeHours',
      'whatsappPhone',
      'facebookUrl',
      'instagramUrl',
      'investorSiteUrl',
      'story',
      'founders',
      'media',
      'accessibility',
      'excludeHolidays',
    ];
    renderEntry(Object.fromEntries(fields.map((f) => [f, { before: 'a', after: 'b' }])));
    const labels = screen.getAllByRole('term').map((dt) => dt.textContent);
    expect(labels).toHaveLength(fields.length);
    for (const label of labels) expect(label).toMatch(/^[\u0590-\u05FF ]+$/);
    expect(labels).toContain('הצהרת הנגישות');
  });

  it('shows the accessibility statement as labelled pairs, not JSON', () => {
    renderEntry({
      accessibility: { before: statement, after: { ...statement, limitations: 'אין כתוביות' } },
    });
    const [before, after] = values('הצהרת הנגישות');
    expect(before).toBe(
      'שם הרכז/ת: דנה; טלפון הרכז/ת: 050-1234567; מייל הרכז/ת: dana@example.com; הבדיקה האחרונה: 2024-04-01; מה נבדק: נבדק; מגבלות ידועות: (ריק)',
    );
    expect(after).toContain('מגבלות ידועות: אין כתוביות');
    expect(document.body.textContent).not.toMatch(/[{}"]/);
  });

  it('shows the founders as a list of labelled pairs and the media with Hebrew names', () => {
    const founder = { name: 'דנה', phone: '050-1234567', image: '', text: 'מייסדת' };
    renderEntry({
      founders: { before: [], after: [founder, { ...founder, name: 'יוסי', text: 'מייסד' }] },
      media: {
        before: {
          introVideo: '/media/a.mp4',
          introPoster: '',
          agentsVideo: '',
          agentsPoster: '',
          offersImage: '',
        },
        after: null,
      },
    });
    const [noFounders, founders] = values('המייסדים');
    expect(noFounders).toBe('(ריק)');
    expect(founders).toBe(
      '(שם: דנה; טלפון: 050-1234567; תמונה: (ריק); תיאור: מייסדת), (שם: יוסי; טלפון: 050-1234567; תמונה: (ריק); תיאור: מייסד)',
    );
    const [media, noMedia] = values('מדיה');
    expect(media).toContain('סרטון פתיחה: /media/a.mp4; תמונת סרטון הפתיחה: (ריק)');
    expect(media).toContain('תמונת המבצעים: (ריק)');
    expect(noMedia).toBe('(ריק)');
    expect(document.body.textContent).not.toMatch(/[{}[\]"]/);
  });

  it('joins a list of plain values with commas', () => {
    renderEntry({ features: { before: ['מעלית', 'חניה'], after: ['מעלית'] } });
    expect(values('מאפיינים')).toEqual(['מעלית, חניה', 'מעלית']);
  });
});
