import { resolve } from 'node:path';
import type { Env } from '../env';
import { S3Storage } from './s3-storage';
import { LocalStorage, type Storage } from './storage';

/** The storage the environment names: STORAGE=s3 with S3_BUCKET…, else the local disk under DATA_DIR/uploads. */
export function createStorage(
  env: Pick<Env, 'STORAGE' | 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_PUBLIC_URL'>,
): Storage {
  if (env.STORAGE === 's3' && env.S3_BUCKET) {
    return new S3Storage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      publicUrl: env.S3_PUBLIC_URL,
    });
  }
  return new LocalStorage(resolve(env.DATA_DIR, 'uploads'));
}
