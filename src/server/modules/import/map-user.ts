import { isEmail } from '@shared/domain/email';
import type { Gender } from '@shared/domain/gender';
import { genderOfTitle } from '@shared/domain/roles';
import { type ImageRef, imageRefOf } from './image-refs';
import type { ImportReport, RecordNotes } from './report';
import { asDate, asName, asText, objectIdTime } from './values';

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

export type Mapping<T> = { ok: true; value: T } | { ok: false; reason: string };

export function mapUser(
  doc: Record<string, unknown>,
  notes: RecordNotes,
  report: ImportReport,
): Mapping<MappedUser> {
  const legacyId = notes.legacyId;
  if ('passwordConfirm' in doc && doc.passwordConfirm !== undefined && doc.passwordConfirm !== null) {
    report.passwordConfirmDropped.push(legacyId);
  }
  const name = asName(doc.name);
  if (!name) return { ok: false, reason: 'no name' };
  const email = asText(doc.email)?.toLowerCase() ?? null;
  if (!email || !isEmail(email)) return { ok: false, reason: `no valid e-mail (${String(doc.email ?? '')})` };

  let role: MappedUser['role'] = 'agent';
  if (doc.role === 'admin') role = 'admin';
  else if (doc.role !== 'agent') notes.mapped('role', doc.role ?? null, 'agent');

  const password = typeof doc.password === 'string' ? doc.password : '';
  const bcryptHash = BCRYPT.test(password) ? password : null;
  if (!bcryptHash) report.usersWithoutPassword.push(email);

  const image = imageRefOf(doc.image);
  if (image?.kind === 'url') notes.externalImage(image.url);

  const companyRole = asText(doc.companyRole);
  const gender = genderOfTitle(companyRole);
  if (!gender) notes.mapped('gender', null, 'male');

  const createdAt = asDate(doc.createdAt) ?? objectIdTime(legacyId) ?? new Date();
  return {
    ok: true,
    value: {
      legacyId,
      name,
      email,
      phoneNumber: asText(doc.phone_number) ?? '',
      role,
      companyRole,
      gender: gender ?? 'male',
      image,
      aboutMe: asText(doc.aboutMe) ?? '',
      bcryptHash,
      createdAt,
    },
  };
}
