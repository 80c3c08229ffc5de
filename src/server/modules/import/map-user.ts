import type { Gender } from '@shared/domain/gender';
import { genderOfTitle } from '@shared/domain/roles';
import { bcryptCost, MAX_BCRYPT_COST } from '../users';
import { type ImageRef, imageRefOf } from './image-refs';
import type { ImportReport, RecordNotes } from './report';
import { applyRules, type Mapping, RULES } from './rules';
import { asDate, asText, objectIdTime } from './values';

/** bcrypt as the earlier app (bcryptjs) wrote it: $2a$ or $2b$ (and $2y$ from PHP-era tools), cost, 53 chars. */
const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

export type MappedUser = {
  legacyId: string;
  name: string;
  email: string;
  phoneNumber: string;
  role: 'admin' | 'agent';
  companyRole: string | null;
  /** The earlier app kept none: the form a known title is written in, else masculine (noted in the report). */
  gender: Gender;
  image: ImageRef | null;
  aboutMe: string;
  /** The bcrypt hash as it was, or null when the record has no usable one. */
  bcryptHash: string | null;
  createdAt: Date;
};

const textOf = (value: unknown) => (typeof value === 'string' ? value : (asText(value) ?? ''));

/**
 * The bcrypt hash of a record, or null: none, not bcrypt, or costlier than sign-in will run (reported: such a
 * user gets a reset link like one without a hash; the hash cannot be re-hashed without the password).
 */
function hashOf(doc: Record<string, unknown>, email: string, legacyId: string, report: ImportReport) {
  const password = typeof doc.password === 'string' ? doc.password : '';
  if (!BCRYPT.test(password)) return null;
  const cost = bcryptCost(password)!;
  if (cost <= MAX_BCRYPT_COST) return password;
  report.costlyHashes.push({ legacyId, email, cost });
  return null;
}

export function mapUser(
  doc: Record<string, unknown>,
  notes: RecordNotes,
  report: ImportReport,
): Mapping<MappedUser> {
  const legacyId = notes.legacyId;
  if ('passwordConfirm' in doc && doc.passwordConfirm !== undefined && doc.passwordConfirm !== null) {
    report.passwordConfirmDropped.push(legacyId);
  }
  if (asText(doc.name) === null) return { ok: false, reason: 'no name', invalid: true };
  if (asText(doc.email) === null) return { ok: false, reason: 'no valid e-mail', invalid: true };
  const checked = applyRules(RULES.user, {
    name: textOf(doc.name),
    email: textOf(doc.email).toLowerCase(),
    companyRole: asText(doc.companyRole),
    aboutMe: textOf(doc.aboutMe),
  });
  if (!checked.ok) return checked;
  const { name, email, companyRole, aboutMe } = checked.value;

  let role: MappedUser['role'] = 'agent';
  if (doc.role === 'admin') role = 'admin';
  else if (doc.role !== 'agent') notes.mapped('role', doc.role ?? null, 'agent');

  const bcryptHash = hashOf(doc, email, legacyId, report);
  if (!bcryptHash) report.usersWithoutPassword.push(email);

  // A phone the API would refuse (not an Israeli mobile number) is left out, like a missing one.
  const givenPhone = asText(doc.phone_number);
  const phone = givenPhone === null ? null : RULES.phone.safeParse(givenPhone);
  if (phone && !phone.success) notes.mapped('phone_number', givenPhone, '');

  const image = imageRefOf(doc.image);
  if (image?.kind === 'url') notes.externalImage(image.url);

  const gender = genderOfTitle(companyRole);
  if (!gender) notes.mapped('gender', null, 'male');

  const createdAt = asDate(doc.createdAt) ?? objectIdTime(legacyId) ?? new Date();
  return {
    ok: true,
    value: {
      legacyId,
      name,
      email,
      phoneNumber: phone?.success ? phone.data : '',
      role,
      companyRole: companyRole ?? null,
      gender: gender ?? 'male',
      image,
      aboutMe,
      bcryptHash,
      createdAt,
    },
  };
}
