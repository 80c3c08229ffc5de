import { type AgencySettings, agencySettingsSchema } from '@shared/schemas/settings';
import type { Database } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import type { SessionUser } from '../../plugins/session';
import { getSettings, saveSettings } from './service';

/** Merges the changed fields into the current settings, validates the whole record, saves and audits it. */
export async function updateSettings(
  db: Database,
  actor: SessionUser,
  patch: Partial<AgencySettings>,
): Promise<AgencySettings> {
  const before = await getSettings(db);
  const parsed = agencySettingsSchema.safeParse({ ...before, ...patch });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.message, { [issue.path.join('.')]: issue.message });
  }
  await db.transaction(async (tx) => {
    await saveSettings(tx as unknown as Database, parsed.data);
    await recordAudit(tx as unknown as Database, actor, {
      entity: 'settings',
      entityId: null,
      action: 'update',
      before,
      after: parsed.data,
    });
  });
  return parsed.data;
}
