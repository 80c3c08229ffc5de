import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadEnv } from '../env';
import { formatReport, importFailureMessage, runImport } from '../modules/import';
import { backupBeforeImport, refuseWhileServerRuns } from './import-backup';
import { openFromEnv } from './open';

const usage =
  'Usage: npm run import:mongo -- --dir EXPORT_DIR [--dry-run] [--images-from DIR] [--send-resets] [--update-roles] [--update-profiles] [--strict] [--skip-backup]';
const options = {
  dir: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  'images-from': { type: 'string' },
  'send-resets': { type: 'boolean', default: false },
  'skip-backup': { type: 'boolean', default: false },
  'update-roles': { type: 'boolean', default: false },
  'update-profiles': { type: 'boolean', default: false },
  strict: { type: 'boolean', default: false },
} as const;
let values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];
try {
  ({ values } = parseArgs({ options }));
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(1);
}
if (!values.dir) {
  console.error(usage);
  process.exit(1);
}
for (const folder of [values.dir, values['images-from']]) {
  if (folder && !statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`Nothing was imported: ${folder} is not a folder.`);
    process.exit(1);
  }
}
const dryRun = values['dry-run'];
refuseWhileServerRuns(loadEnv());
const { env, handle, storage } = await openFromEnv();
try {
  const backup = dryRun || values['skip-backup'] ? null : await backupBeforeImport(env, handle);
  const report = await runImport(handle.db, {
    dir: values.dir,
    storage,
    origin: env.APP_ORIGIN,
    dryRun,
    imagesFrom: values['images-from'],
    sendResets: values['send-resets'],
    updateRoles: values['update-roles'],
    updateProfiles: values['update-profiles'],
    strict: values.strict,
  });
  console.info(formatReport(report));
  if (backup)
    console.info(
      `\nBackup taken before the import: ${backup}\nTo undo the import, see docs/migrating.md (npm run restore -- FILE for the embedded database).`,
    );
} catch (err) {
  process.exitCode = 1;
  console.error(`Nothing was imported: ${importFailureMessage(err)}`);
} finally {
  await handle.close();
}
