import { parseArgs } from 'node:util';
import { seedDemo, seedDemoOnce } from '../seed/seed-demo';
import { openFromEnv } from './open';

const { values } = parseArgs({ options: { force: { type: 'boolean', default: false } } });
const { env, handle, storage } = await openFromEnv();
try {
  if (env.NODE_ENV === 'production' && !values.force) {
    console.error('Refusing to seed demo data with NODE_ENV=production. Pass --force to do it anyway.');
    process.exitCode = 1;
  } else if (values.force) {
    await seedDemo(handle.db, storage);
    console.info('demo agency seeded');
  } else {
    const seeded = await seedDemoOnce(handle, storage);
    console.info(
      seeded ? 'demo agency seeded' : 'the database already has users: nothing seeded (use --force)',
    );
  }
} finally {
  await handle.close();
}
