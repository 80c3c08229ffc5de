import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { S3Storage, type S3StorageOptions } from '../storage/s3-storage';

/** s3rver's fixed test credentials. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** An S3-compatible server on a free port, in a temporary folder, with the given buckets. */
export async function startS3Server(buckets: string[] = ['photos']) {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    storage: (options: Partial<S3StorageOptions> = {}) =>
      new S3Storage({
        bucket: buckets[0]!,
        endpoint,
        region: 'us-east-1',
        credentials: S3_TEST_CREDENTIALS,
        ...options,
      }),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
