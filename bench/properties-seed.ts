import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/modules/users';

const CITIES = [
  'תל אביב-יפו',
  'חיפה',
  'ירושלים',
  'רמת גן',
  'הרצליה',
  'נתניה',
  'באר שבע',
  'חולון',
  'בת ים',
  'אשדוד',
  'ראשון לציון',
  'פתח תקווה',
  'רחובות',
  'כפר סבא',
  'רעננה',
  'מודיעין',
  'אשקלון',
  'נהריה',
  'עכו',
  'טבריה',
  'צפת',
  'אילת',
  'גבעתיים',
  'הוד השרון',
  'קריית אונו',
  'יבנה',
  'לוד',
  'רמלה',
  'עפולה',
  'כרמיאל',
];
const STREETS = [
  'הרצל',
  'ויצמן',
  "ז'בוטינסקי",
  'בן גוריון',
  'רוטשילד',
  'סוקולוב',
  'הנשיא',
  'ביאליק',
  'אחד העם',
  'יפו',
  'העצמאות',
  'הגפן',
  'הזית',
  'התמר',
  'הברוש',
  'שדרות ירושלים',
  'המלך דוד',
  'רבי עקיבא',
  'הבנים',
  'הנביאים',
];
const CATEGORIES = [
  'דירה',
  'דירה',
  'דירה',
  'דירת גן',
  'פנטהאוז',
  "קוטג'",
  'משרדים',
  'וילה',
  'דו משפחתי',
  'בית',
];

const list = (values: string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

/** The admin the benchmark signs in as to update properties. */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-1' };

/**
 * Bulk-inserts `count` properties (one statement over generate_series: a third rentals, about 10% sold,
 * 30 cities x 20 streets, city, category, rooms and sold drawn independently of each other and of the deal type) and three image rows each, plus the agents they point to and an admin.
 */
export async function seedProperties(db: Database, count: number): Promise<void> {
  await db.insert(users).values({
    name: 'מנהל בדיקה',
    email: BENCH_ADMIN.email,
    role: 'admin',
    passwordHash: await hashPassword(BENCH_ADMIN.password),
  });
  await db.execute(sql`
    insert into users (name, email, phone_number, role, password_hash)
    select 'סוכן ' || g, 'bench-agent-' || g || '@example.com', '050-000-00' || lpad(g::text, 2, '0'), 'agent', 'x'
    from generate_series(1, 10) g`);
  await db.execute(sql`
    insert into properties (type_transaction, sold, pinuy_binuy, exclusive, city, address, price, category,
      rooms, floor, size, entry_date, property_condition, features, description, agent_id, agent_secend_id, created_at)
    select
      case when g % 3 = 2 then 'השכרה' else 'מכירה' end,
      h.sold % 10 = 3,
      g % 7 = 1,
      g % 5 = 0,
      (${list(CITIES)})[1 + h.city % 30],
      (${list(STREETS)})[1 + h.street % 20] || ' ' || (1 + g % 150),
      case when g % 3 = 2 then 2500 + (g * 37) % 15000 else 600000 + ((g * 7919) % 9400) * 1000 end,
      (${list(CATEGORIES)})[1 + h.category % 10],
      1 + (h.rooms % 11) * 0.5,
      (g % 20)::text,
      40 + g % 260,
      'גמיש',
      'שמור',
      array['מעלית', 'חניה'],
      'נכס לבדיקת עומסים מספר ' || g,
      (select id from users where email = 'bench-agent-' || (1 + g % 10) || '@example.com'),
      case when g % 4 = 0 then (select id from users where email = 'bench-agent-' || (1 + (g + 1) % 10) || '@example.com') end,
      now() - (g || ' minutes')::interval
    from generate_series(1, ${count}) g,
      -- Independent draws (a hash of g with a salt each), so no city holds a single deal type or category.
      lateral (select hashint4(g) & 2147483647 as city, hashint4(g + 1000003) & 2147483647 as category,
        hashint4(g + 2000003) & 2147483647 as sold, hashint4(g + 3000017) & 2147483647 as rooms,
        hashint4(g + 4000037) & 2147483647 as street) h`);
  await db.execute(sql`
    insert into property_images (property_id, position, width, height, variants)
    select p.id, k, 1600, 1067, jsonb_build_array(
      jsonb_build_object('width', 320, 'height', 213, 'key', 'properties/' || p.id || '/' || k || '-320.webp'),
      jsonb_build_object('width', 640, 'height', 427, 'key', 'properties/' || p.id || '/' || k || '-640.webp'),
      jsonb_build_object('width', 1600, 'height', 1067, 'key', 'properties/' || p.id || '/' || k || '-1600.webp'))
    from properties p cross join generate_series(0, 2) k`);
  // As after any bulk import: statistics for the planner and a visibility map for index-only counts
  // (PGlite has no autovacuum; on a PostgreSQL server autovacuum would get there a little later).
  await db.execute(sql`vacuum analyze`);
}

export const BENCH_CITIES = CITIES;
export const BENCH_STREETS = STREETS;
export const BENCH_CATEGORIES = [...new Set(CATEGORIES)];
