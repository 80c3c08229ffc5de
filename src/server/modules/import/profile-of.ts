import type { ImportContext } from './context';
import type { MappedUser } from './map-user';

/** The fields of an account a person or an admin may have corrected here since the old system. */
export const PROFILE_FIELDS = ['name', 'email', 'phoneNumber', 'aboutMe'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type Profile = Record<ProfileField, string>;
export type ProfileChange = {
  legacyId: string;
  email: string;
  field: ProfileField;
  here: string;
  export: string;
};

/**
 * The name, e-mail, phone and about text an account gets: the export's for a new account; an existing one
 * (matched by e-mail, or imported by an earlier run) keeps its own unless --update-profiles. Every difference is
 * reported: as changed with the flag, as kept without it.
 */
export function profileOf(ctx: ImportContext, user: MappedUser, current: Profile | undefined): Profile {
  const wanted: Profile = {
    name: user.name,
    email: user.email,
    phoneNumber: user.phoneNumber,
    aboutMe: user.aboutMe,
  };
  if (!current) return wanted;
  const { profiles } = ctx.report;
  for (const field of PROFILE_FIELDS) {
    if (current[field] === wanted[field]) continue;
    const change = {
      legacyId: user.legacyId,
      email: current.email,
      field,
      here: current[field],
      export: wanted[field],
    };
    (ctx.updateProfiles ? profiles.changed : profiles.kept).push(change);
  }
  return ctx.updateProfiles ? wanted : { ...current };
}
