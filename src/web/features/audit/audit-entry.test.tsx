import type { AuditEntry } from '@shared/schemas/audit';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditEntryRow } from './audit-entry';

function renderEntry(
  changes: AuditEntry['changes'],
  names: Record<string, string> = {},
  entity: AuditEntry['entity'] = 'settings',
) {
  const entry: AuditEntry = {
    _id: 'a1',
    actorId: 'u1',
    actorName: 'מנהלת',
    entity,
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

  it('shows the accessibility statement as labelled pairs, not JSON, when it is first written', () => {
    renderEntry({ accessibility: { before: null, after: statement } });
    const [before, after] = values('הצהרת הנגישות');
    expect(before).toBe('(ריק)');
    expect(after).toBe(
      'שם הרכז/ת: דנה; טלפון הרכז/ת: 050-1234567; מייל הרכז/ת: dana@example.com; הבדיקה האחרונה: 2024-04-01; מה נבדק: נבדק; מגבלות ידועות: (ריק)',
    );
    expect(document.body.textContent).not.toMatch(/[{}"]/);
  });

  it('lists only the parts of the statement that changed', () => {
    renderEntry({
      accessibility: { before: statement, after: { ...statement, limitations: 'אין כתוביות' } },
    });
    expect(values('הצהרת הנגישות')).toEqual(['מגבלות ידועות: (ריק)', 'מגבלות ידועות: אין כתוביות']);
    expect(document.body.textContent).not.toContain('דנה');
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

  it('shows a price with separators and ₪ after the number', () => {
    renderEntry({ price: { before: 1_250_000, after: 990_000 } }, {}, 'property');
    const [before, after] = values('מחיר');
    // The number first, then ₪ (Hebrew formatting adds direction marks and a no-break space between them).
    expect(before?.replace(/\u200F/g, '')).toMatch(/^1,250,000\s₪$/);
    expect(after?.replace(/\u200F/g, '')).toMatch(/^990,000\s₪$/);
  });

  it('shows a property mentioned by id as its address, and one the server could not name as deleted', () => {
    renderEntry(
      {
        propertyId: {
          before: '11111111-1111-4111-8111-111111111111',
          after: '22222222-2222-4222-8222-222222222222',
        },
      },
      { '11111111-1111-4111-8111-111111111111': 'הרצל 10, חיפה' },
      'lead',
    );
    expect(document.body.textContent).not.toMatch(/[0-9a-f]{8}-/);
    const dd = screen.getByRole('definition');
    expect(dd.querySelector('del')?.textContent).toBe('הרצל 10, חיפה');
    expect(dd.querySelector('ins')?.textContent).toBe('נכס שנמחק');
  });

  it('leaves out fields that read the same on both sides, and the row’s id', () => {
    renderEntry(
      {
        id: { before: null, after: '11111111-1111-4111-8111-111111111111' },
        description: { before: null, after: '' },
        features: { before: [], after: null },
        updatedAt: { before: '2024-05-01T09:00:00.000Z', after: '2024-05-02T09:00:00.000Z' },
        city: { before: 'חיפה', after: 'עכו' },
      },
      {},
      'property',
    );
    expect(screen.getAllByRole('term').map((dt) => dt.textContent)).toEqual(['עיר']);
  });

  it('shows no list at all when nothing really changed', () => {
    renderEntry({ description: { before: '', after: null } }, {}, 'property');
    expect(screen.queryByRole('term')).toBeNull();
  });
});

describe('the pipeline and routing in the audit log', () => {
  it('reads the routing settings, availability and a referral in words', () => {
    renderEntry(
      {
        rules: { before: ['roundRobin'], after: ['propertyAgent', 'roundRobin'] },
        takesLeads: { before: true, after: false },
        slaMinutes: { before: 15, after: 30 },
        referral: { before: null, after: { toBranchId: 'b2', feePercent: 25, status: 'pending' } },
        status: { before: 'new', after: 'contacted' },
      },
      { b2: 'סניף חיפה' },
      'lead',
    );
    expect(values('סדר הכללים')).toEqual([
      expect.stringContaining('סבב'),
      expect.stringMatching(/^הסוכן של הנכס, .*סבב/),
    ]);
    expect(values('מקבל לידים')).toEqual(['כן', 'לא']);
    expect(values('יעד זמן מענה (דקות)')).toEqual(['15', '30']);
    expect(values('הפניה')[1]).toBe('לסניף: סניף חיפה; עמלת הפניה: 25; מצב: ממתינה');
    expect(values('שלב')).toEqual(['חדש', expect.stringMatching(/[א-ת]/)]);
    for (const label of screen.getAllByRole('term').map((dt) => dt.textContent))
      expect(label).toMatch(/^[\u0590-\u05FF ()־]+$/);
  });
});
