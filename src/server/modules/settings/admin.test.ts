import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SOCIAL_LINK_MESSAGES } from '@shared/schemas/settings';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { fileUpload, samplePhoto } from '../../test/form-upload';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { DEFAULT_SETTINGS } from './defaults';
import { MAX_VIDEO_BYTES } from './media';

let app: TestApp;
let adminCookie: string;
let agentCookie: string;

beforeAll(async () => {
  app = await createTestApp();
  const admin = await createUser(app.db, { role: 'admin' });
  const agent = await createUser(app.db);
  adminCookie = await signIn(app, admin.email, TEST_PASSWORD);
  agentCookie = await signIn(app, agent.email, TEST_PASSWORD);
});

const patchSettings = (payload: object, cookie = adminCookie) =>
  app.inject({ method: 'PATCH', url: '/api/v1/settings', payload, headers: { cookie } });

/** The first bytes of an MP4 file (an 'ftyp' box), padded to `size`. */
const mp4 = (size = 4096) => {
  const head = Buffer.from([
    0,
    0,
    0,
    0x18,
    ...Buffer.from('ftypmp42'),
    0,
    0,
    0,
    0,
    ...Buffer.from('mp42isom'),
  ]);
  return Buffer.concat([head, Buffer.alloc(size - head.length)]);
};

describe('PATCH /api/v1/settings', () => {
  it('counts Israeli holidays as days off until an admin turns it off', async () => {
    const fresh = await createTestApp();
    const read = async () => (await fresh.inject({ url: '/api/v1/settings' })).json().data.settings;
    expect((await read()).excludeHolidays).toBe(true);
    const admin = await createUser(fresh.db, { role: 'admin' });
    const cookie = await signIn(fresh, admin.email, TEST_PASSWORD);
    const off = await fresh.inject({
      method: 'PATCH',
      url: '/api/v1/settings',
      payload: { excludeHolidays: false },
      headers: { cookie },
    });
    expect(off.statusCode).toBe(200);
    expect((await read()).excludeHolidays).toBe(false);
  });

  it('answers 401 and 403 for visitors and agents', async () => {
    expect(
      (await app.inject({ method: 'PATCH', url: '/api/v1/settings', payload: { phone: '03-1234567' } }))
        .statusCode,
    ).toBe(401);
    expect((await patchSettings({ phone: '03-1234567' }, agentCookie)).statusCode).toBe(403);
  });

  it('saves changed fields, keeps the others, and the public GET shows them', async () => {
    const founders = [
      { name: 'מייסד א', phone: '050-111-2222', image: '/uploads/media/a.webp', text: 'סיפור' },
      { name: 'מייסדת ב', phone: '052-333-4444', image: '', text: '' },
    ];
    const res = await patchSettings({ phone: '03-7654321', story: 'סיפור חדש', founders });
    expect(res.statusCode).toBe(200);
    const { settings } = (await app.inject({ url: '/api/v1/settings' })).json().data;
    expect(settings).toMatchObject({ phone: '03-7654321', story: 'סיפור חדש', founders });
    expect(settings.agencyName).toBeTruthy();
  });

  it.each([
    [{ facebookUrl: 'javascript:alert(1)' }, 'facebookUrl'],
    [{ investorSiteUrl: 'JavaScript:alert(1)' }, 'investorSiteUrl'],
    [{ instagramUrl: 'ftp://x.example' }, 'instagramUrl'],
    [{ facebookUrl: 'https://facebook.com/"><script>alert(1)</script>' }, 'facebookUrl'],
    [{ facebookUrl: 'https://www.instagram.com/agency' }, 'facebookUrl'],
    [{ facebookUrl: 'http://www.facebook.com/agency' }, 'facebookUrl'],
    [{ instagramUrl: 'https://instagram.com.evil.example/agency' }, 'instagramUrl'],
    [{ investorSiteUrl: "https://investors.example/x' onclick='alert(1)" }, 'investorSiteUrl'],
    [
      {
        media: {
          introVideo: 'javascript:alert(1)',
          introPoster: '',
          agentsVideo: '',
          agentsPoster: '',
          offersImage: '',
        },
      },
      'media.introVideo',
    ],
    [
      { founders: [{ name: 'א', phone: '050-111-2222', image: '//evil.example/x.png', text: '' }] },
      'founders.0.image',
    ],
    [{ whatsappPhone: '03-5551234' }, 'whatsappPhone'],
    [{ email: 'office' }, 'email'],
    [{ agencyName: '' }, 'agencyName'],
    [{ founders: [1, 2, 3] }, 'founders'],
    [{ accessibility: { ...DEFAULT_SETTINGS.accessibility, coordinatorEmail: 'nobody' } }, 'accessibility'],
    [{ accessibility: { ...DEFAULT_SETTINGS.accessibility, lastChecked: '2026-13-40' } }, 'accessibility'],
    [{ accessibility: { ...DEFAULT_SETTINGS.accessibility, coordinatorName: ' ' } }, 'accessibility'],
    [{ legal: { ...DEFAULT_SETTINGS.legal, privacy: '  ' } }, 'legal.privacy'],
    [{ legal: { ...DEFAULT_SETTINGS.legal, terms: 'x'.repeat(20_001) } }, 'legal.terms'],
  ])('refuses %j with 400 on the field', async (payload, field) => {
    const res = await patchSettings(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(Object.keys(body.fieldErrors).some((k) => k.startsWith(field))).toBe(true);
  });

  it('puts the Hebrew message on a social link that is not https on its own service', async () => {
    const res = await patchSettings({ facebookUrl: 'https://facebook.com/"><img src=x onerror=alert(1)>' });
    expect(res.json().fieldErrors.facebookUrl).toBe(SOCIAL_LINK_MESSAGES.facebookUrl);
    const good = await patchSettings({ facebookUrl: 'https://www.facebook.com/agency.page' });
    expect(good.statusCode).toBe(200);
  });

  it('saves the accessibility coordinator and texts, which every visitor then reads', async () => {
    const accessibility = {
      coordinatorName: 'רכזת נגישות לבדיקה',
      coordinatorPhone: '052-123-4567',
      coordinatorEmail: 'access@example.com',
      lastChecked: '2026-10-01',
      tested: 'נבדק במקלדת ובקורא מסך.',
      limitations: '',
    };
    expect((await patchSettings({ accessibility })).statusCode).toBe(200);
    const read = await app.inject({ url: '/api/v1/settings' });
    expect(read.json().data.settings.accessibility).toEqual(accessibility);
    expect((await patchSettings({ accessibility: DEFAULT_SETTINGS.accessibility })).statusCode).toBe(200);
  });

  it('saves the privacy policy and terms, which every visitor then reads', async () => {
    const legal = { privacy: '## מה נאסף\nשם וטלפון.', terms: 'תנאים לבדיקה.' };
    expect((await patchSettings({ legal })).statusCode).toBe(200);
    const read = await app.inject({ url: '/api/v1/settings' });
    expect(read.json().data.settings.legal).toEqual(legal);
    expect((await patchSettings({ legal: DEFAULT_SETTINGS.legal })).statusCode).toBe(200);
  });

  it('audits the changed fields only', async () => {
    await patchSettings({ officeHours: 'א׳-ה׳ 8:00-18:00' });
    const rows = await app.db.select().from(auditLog).where(eq(auditLog.entity, 'settings'));
    const last = rows.sort((a, b) => +b.createdAt - +a.createdAt)[0]!;
    expect(Object.keys(last.changes)).toEqual(['officeHours']);
    expect(last.changes.officeHours!.after).toBe('א׳-ה׳ 8:00-18:00');
  });
});

describe('POST /api/v1/settings/media/:kind', () => {
  const upload = async (kind: string, bytes: Buffer, name: string, type: string, cookie = adminCookie) => {
    const form = await fileUpload('file', bytes, name, type);
    return app.inject({
      method: 'POST',
      url: `/api/v1/settings/media/${kind}`,
      payload: form.payload,
      headers: { ...form.headers, cookie },
    });
  };

  it('stores an MP4 judged by its bytes and answers its URL', async () => {
    const res = await upload('video', mp4(), 'clip.bin', 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.url;
    expect(url).toMatch(/^\/uploads\/media\/.+\.mp4$/);
    expect(existsSync(join(app.dataDir, url.replace('/uploads/', 'uploads/')))).toBe(true);
  });

  it('refuses a non-video named .mp4 (415) and a video over the size cap (413)', async () => {
    const fake = await upload('video', Buffer.from('<html>not a video</html>'), 'clip.mp4', 'video/mp4');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toMatch(/[א-ת]/);
    const huge = await upload('video', mp4(MAX_VIDEO_BYTES + 1024), 'big.mp4', 'video/mp4');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('הקובץ גדול מדי (עד 50 MB)');
  });

  it('stores an image through the pipeline and refuses a fake one', async () => {
    const res = await upload('image', await samplePhoto(), 'offers.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    // The largest variant: the 400 px sample at its own width, not enlarged.
    expect(res.json().data.url).toMatch(/^\/uploads\/media\/.+-400\.webp$/);
    expect((await upload('image', mp4(), 'x.jpg', 'image/jpeg')).statusCode).toBe(415);
  });

  it('is admin only and refuses an unknown kind or a missing file', async () => {
    expect((await upload('image', await samplePhoto(), 'a.jpg', 'image/jpeg', agentCookie)).statusCode).toBe(
      403,
    );
    expect((await upload('audio', mp4(), 'a.mp3', 'audio/mpeg')).statusCode).toBe(400);
    const none = await app.inject({
      method: 'POST',
      url: '/api/v1/settings/media/video',
      headers: { cookie: adminCookie },
    });
    expect(none.statusCode).toBe(400);
  });
});
