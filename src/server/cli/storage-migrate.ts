// `npm run storage:migrate`: copies every uploaded file from the local disk (DATA_DIR/uploads) into the bucket
// that STORAGE=s3 names, verifying each by size and checksum. Re-runnable; the local files are left in place.
import { resolve } from 'node:path';
import { EnvError, loadEnv } from '../env';
import { createStorage } from '../storage/create-storage';
import { migrateToBucket } from '../storage/migrate-to-bucket';
import { S3Storage } from '../storage/s3-storage';
import { LocalStorage } from '../storage/storage';

try {
  const env = loadEnv();
  const target = createStorage(env);
  if (!(target instanceof S3Storage)) {
    throw new EnvError(
      'Invalid environment configuration:\n  STORAGE: set STORAGE=s3 and S3_BUCKET (the bucket to copy into)',
    );
  }
  await target.check();
  const source = new LocalStorage(resolve(env.DATA_DIR, 'uploads'));
  const report = await migrateToBucket(source, target, (line) => console.info(line));
  console.info(
    `${report.total} files: ${report.copied.length} copied and verified, ${report.alreadyThere.length} already in the bucket`,
  );
} catch (err) {
  console.error(err instanceof EnvError ? err.message : err);
  process.exit(1);
}
