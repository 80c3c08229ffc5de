import { parseArgs } from 'node:util';
import { isEmail } from '@shared/domain/email';
import { users } from '../db/schema';
import { findUserByEmail, hashPassword, isStrongPassword } from '../modules/users';
import { openFromEnv } from './open';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    phone: { type: 'string' },
  },
});
const { email, password, name } = values;
if (!email || !isEmail(email) || !password || password.length < 8 || !name) {
  console.error(
    'Usage: npm run create-admin -- --email E --password P --name N [--phone P]  (password: 8+ characters)',
  );
  process.exit(1);
}
if (!isStrongPassword(password, [email, name])) {
  console.error(
    'The password is too easy to guess: use several unexpected words, no names, dates or sequences.',
  );
  process.exit(1);
}
const { handle } = await openFromEnv();
try {
  if (await findUserByEmail(handle.db, email)) {
    console.error(`A user with the e-mail ${email} already exists.`);
    process.exitCode = 1;
  } else {
    await handle.db.insert(users).values({
      email: email.trim(),
      name,
      phoneNumber: values.phone ?? '',
      role: 'admin',
      // The first admin of an installation runs the whole network (settings, branches, backups).
      networkAccess: true,
      passwordHash: await hashPassword(password),
    });
    console.info(`admin ${email} created`);
  }
} finally {
  await handle.close();
}
