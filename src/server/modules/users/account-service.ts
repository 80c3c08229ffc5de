import { isSameAsEmail, PASSWORD_MESSAGES, type UpdateOwnAccountBody } from '@shared/schemas/account';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { badRequest, unauthorized } from '../../lib/errors';
import type { Storage } from '../../storage/storage';
import { isStrongPassword, WEAK_PASSWORD_MESSAGE } from './password-strength';
import { hashPassword, verifyPassword } from './passwords';
import { findUserById } from './service';

type UserRow = typeof users.$inferSelect;

export const IMAGE_NOT_OURS = 'יש להעלות את התמונה דרך הטופס: מותרת רק תמונה שהועלתה לאתר';
/** A user photo as the image pipeline stores it ('users/<id>-<width>.webp'). */
const OWN_USER_IMAGE = /^users\/[A-Za-z0-9_-]+-\d+\.webp$/;

/**
 * A user's photo is one this site's storage holds (uploaded through the photo route), never any other path of
 * the site or an outside link. The photo it already has (an imported outside picture included) may stay.
 */
export async function assertOwnImage(
  storage: Storage,
  image: string | null | undefined,
  current: string | null,
  field = 'image',
): Promise<void> {
  if (image === undefined || image === null || image === current) return;
  const key = storage.keyOf(image) ?? '';
  if (!OWN_USER_IMAGE.test(key) || !(await storage.read(key)))
    throw badRequest(IMAGE_NOT_OURS, { [field]: IMAGE_NOT_OURS });
}

/**
 * A user edits its own phone, picture and about text, and whether the public site shows its phone (nothing that
 * changes its rights).
 */
export async function updateOwnAccount(db: Database, userId: string, body: UpdateOwnAccountBody) {
  const [row] = await db
    .update(users)
    .set({
      phoneNumber: body.phone_number,
      image: body.image,
      aboutMe: body.aboutMe,
      showPhone: body.showPhone,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), eq(users.active, true)))
    .returning();
  if (!row) throw unauthorized();
  return row;
}

/** Throws 400 on the field when the new password breaks a rule that needs the account (its e-mail). */
export function assertPasswordAllowed(
  password: string,
  user: Pick<UserRow, 'email'> & { name?: string },
  field = 'newPassword',
) {
  if (isSameAsEmail(password, user.email))
    throw badRequest(PASSWORD_MESSAGES.sameAsEmail, { [field]: PASSWORD_MESSAGES.sameAsEmail });
  assertStrongPassword(password, [user.email, user.name ?? ''], field);
}

/** Refuses a password that common-password lists or keyboard patterns would guess (400 on the field). */
export function assertStrongPassword(password: string, userInputs: string[], field: string) {
  if (!isStrongPassword(password, userInputs))
    throw badRequest(WEAK_PASSWORD_MESSAGE, { [field]: WEAK_PASSWORD_MESSAGE });
}

/** Changes the password after checking the current one; every other session of the user ends. */
export async function changeOwnPassword(
  db: Database,
  userId: string,
  keepSessionId: string,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user?.active) throw unauthorized();
  if (!(await verifyPassword(user.passwordHash, currentPassword)))
    throw badRequest(PASSWORD_MESSAGES.currentWrong, { currentPassword: PASSWORD_MESSAGES.currentWrong });
  assertPasswordAllowed(newPassword, user);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
  });
}
