import type { ProfileChange } from './profile-of';
export const COLLECTIONS = ['users', 'indicators', 'goals', 'properties', 'reportcontacts'] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

/** `invalid`: the API's own rules refuse the record's content (`--strict` refuses the run for it). */
export type Skipped = { legacyId: string | null; reason: string; invalid?: boolean };
export type CollectionCounts = {
  /** False when the export holds no file for the collection. */
  present: boolean;
  read: number;
  imported: number;
  updated: number;
  skipped: Skipped[];
};
export type MappedValue = {
  collection: CollectionName;
  legacyId: string;
  field: string;
  from: unknown;
  to: unknown;
};
export type UnknownReference = { collection: CollectionName; legacyId: string; field: string; ref: string };
export type RoleOf = { role: 'admin' | 'agent'; companyRole: string | null };
/** An existing account whose role or company role in the export differs from the one it has here. */
export type RoleChange = { legacyId: string; email: string; here: RoleOf; export: RoleOf };

/** Everything one run did, so that every record of the export is accounted for. */
export type ImportReport = {
  dryRun: boolean;
  collections: Record<CollectionName, CollectionCounts>;
  /** Legacy ids of users whose record held a plain-text `passwordConfirm` (never imported). */
  passwordConfirmDropped: string[];
  /** E-mails of users without a usable bcrypt hash: they need a reset link to sign in. */
  usersWithoutPassword: string[];
  resetsSent: number;
  /** Users whose bcrypt hash costs more than sign-in runs (MAX_BCRYPT_COST): not imported, like no hash. */
  costlyHashes: { legacyId: string; email: string; cost: number }[];
  roles: {
    /** Every account that is an admin after the run and was not one before: new, or promoted by --update-roles. */
    newAdmins: { legacyId: string; email: string; existing: boolean }[];
    /** Changed with --update-roles. */
    changed: RoleChange[];
    /** Kept as they are here (no --update-roles). */
    kept: RoleChange[];
  };
  /** Names, e-mails, phones and about texts of existing accounts that differ from the export. */
  profiles: {
    /** Changed with --update-profiles. */
    changed: ProfileChange[];
    /** Kept as they are here (no --update-profiles). */
    kept: ProfileChange[];
  };
  unknownReferences: UnknownReference[];
  mapped: MappedValue[];
  /** Image URLs on outside hosts, kept as they are and never fetched. */
  externalImages: { collection: CollectionName; legacyId: string; url: string }[];
  images: {
    processed: number;
    missing: string[];
    rejected: { name: string; reason: string }[];
    notRequested: number;
  };
};

export function emptyReport(dryRun: boolean): ImportReport {
  const counts = (): CollectionCounts => ({ present: false, read: 0, imported: 0, updated: 0, skipped: [] });
  return {
    dryRun,
    collections: Object.fromEntries(COLLECTIONS.map((c) => [c, counts()])) as ImportReport['collections'],
    passwordConfirmDropped: [],
    usersWithoutPassword: [],
    resetsSent: 0,
    costlyHashes: [],
    roles: { newAdmins: [], changed: [], kept: [] },
    profiles: { changed: [], kept: [] },
    unknownReferences: [],
    mapped: [],
    externalImages: [],
    images: { processed: 0, missing: [], rejected: [], notRequested: 0 },
  };
}

/** What one record's mapping noted, bound to its collection and id. */
export class RecordNotes {
  constructor(
    private readonly report: ImportReport,
    readonly collection: CollectionName,
    readonly legacyId: string,
  ) {}

  mapped(field: string, from: unknown, to: unknown) {
    this.report.mapped.push({ collection: this.collection, legacyId: this.legacyId, field, from, to });
  }

  unknownRef(field: string, ref: string) {
    this.report.unknownReferences.push({ collection: this.collection, legacyId: this.legacyId, field, ref });
  }

  externalImage(url: string) {
    this.report.externalImages.push({ collection: this.collection, legacyId: this.legacyId, url });
  }
}

const LIST_CAP = 200;
const cap = <T>(list: T[]) => list.slice(0, LIST_CAP);

type ListCounts = Record<
  | 'passwordConfirmDropped'
  | 'usersWithoutPassword'
  | 'unknownReferences'
  | 'mapped'
  | 'externalImages'
  | 'imagesMissing'
  | 'imagesRejected',
  number
>;
/** As stored in the audit log: the lists capped, their full lengths in `counts`. */
export type StoredReport = ImportReport & { counts?: ListCounts };

/** The report as stored in the audit log: every count, and at most 200 items of each list. */
export function reportForAudit(report: ImportReport): StoredReport {
  return {
    ...report,
    counts: {
      passwordConfirmDropped: report.passwordConfirmDropped.length,
      usersWithoutPassword: report.usersWithoutPassword.length,
      unknownReferences: report.unknownReferences.length,
      mapped: report.mapped.length,
      externalImages: report.externalImages.length,
      imagesMissing: report.images.missing.length,
      imagesRejected: report.images.rejected.length,
    },
    collections: Object.fromEntries(
      COLLECTIONS.map((c) => [c, { ...report.collections[c], skipped: cap(report.collections[c].skipped) }]),
    ) as ImportReport['collections'],
    passwordConfirmDropped: cap(report.passwordConfirmDropped),
    usersWithoutPassword: cap(report.usersWithoutPassword),
    costlyHashes: cap(report.costlyHashes),
    roles: {
      newAdmins: cap(report.roles.newAdmins),
      changed: cap(report.roles.changed),
      kept: cap(report.roles.kept),
    },
    profiles: { changed: cap(report.profiles.changed), kept: cap(report.profiles.kept) },
    unknownReferences: cap(report.unknownReferences),
    mapped: cap(report.mapped),
    externalImages: cap(report.externalImages),
    images: { ...report.images, missing: cap(report.images.missing), rejected: cap(report.images.rejected) },
  };
}
