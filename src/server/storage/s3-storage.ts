import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { SpanKind } from '@opentelemetry/api';
import { EnvError } from '../env';
import { inSpan } from '../lib/tracing';
import { type ByteRange, resolveByteRange } from './byte-range';
import {
  keyOfUploadsPath,
  type ListedObject,
  type Storage,
  type StoredObject,
  UPLOADS_PREFIX,
} from './storage';

/** Every key names bytes that never change (each upload gets new keys): caches may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export type S3StorageOptions = {
  bucket: string;
  /** An S3-compatible service (MinIO, R2, …); unset: AWS itself. Path-style addressing when set. */
  endpoint?: string;
  region: string;
  /** A CDN or the bucket's public address; unset: photos are served through the server under /uploads/. */
  publicUrl?: string;
  /** For tests; otherwise the SDK's standard chain (AWS_ACCESS_KEY_ID…, AWS_PROFILE, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** A stored object opened for serving: its bytes as a stream, all of them or the range asked for. */
export type OpenedObject =
  | {
      body: Readable;
      contentType: string;
      /** Bytes in `body`. */
      length: number;
      /** `bytes first-last/size` when a range was asked for and served (206). */
      contentRange?: string;
    }
  | { unsatisfiable: true; size: number };

/** Uploaded files in an S3-compatible bucket (STORAGE=s3), shared by every server process on every machine. */
export class S3Storage implements Storage {
  readonly kind = 's3';
  readonly client: S3Client;
  private readonly publicUrl?: string;

  constructor(readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: Boolean(options.endpoint),
      credentials: options.credentials,
      maxAttempts: 3,
    });
    // Every call to the bucket gets a span when tracing is on (lib/tracing.ts), named by its command.
    const send = this.client.send.bind(this.client) as (command: unknown) => Promise<unknown>;
    this.client.send = ((command: { constructor: { name: string } }) =>
      inSpan(
        `S3 ${command.constructor.name.replace(/Command$/, '')}`,
        { kind: SpanKind.CLIENT, attributes: { 'aws.s3.bucket': options.bucket } },
        () => send(command),
      )) as typeof this.client.send;
    this.publicUrl = options.publicUrl?.replace(/\/+$/, '');
  }

  /** A PUT is atomic: a failed or interrupted one leaves no object under the key. */
  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
        CacheControl: IMMUTABLE,
      }),
    );
  }

  async remove(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      const out = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.options.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length) throw new Error(`S3 delete failed for ${failed.map((e) => e.Key).join(', ')}`);
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      if (!out.Body) return undefined;
      const body = Buffer.from(await out.Body.transformToByteArray());
      return { body, contentType: out.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /**
   * The object as a stream for the server to pass on (a video is never held in memory), or the range asked for
   * (GetObject with an absolute Range, so every S3-compatible service gives the same bytes: the size is read
   * first to resolve an open or suffix range). Undefined when nothing is stored under the key.
   */
  async open(key: string, range?: ByteRange): Promise<OpenedObject | undefined> {
    let Range: string | undefined;
    let contentRange: string | undefined;
    if (range) {
      const found = await this.stat(key);
      if (!found) return undefined;
      const bytes = resolveByteRange(range, found.size);
      if (!bytes) return { unsatisfiable: true, size: found.size };
      Range = `bytes=${bytes.start}-${bytes.end}`;
      contentRange = `bytes ${bytes.start}-${bytes.end}/${found.size}`;
    }
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: key, Range }),
      );
      if (!out.Body) return undefined;
      return {
        body: out.Body as Readable,
        contentType: out.ContentType ?? 'application/octet-stream',
        length: out.ContentLength ?? 0,
        contentRange,
      };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** Size and ETag (the MD5 of the bytes for a single PUT) of a stored object, or undefined. */
  async stat(key: string): Promise<{ size: number; etag: string } | undefined> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, etag: (out.ETag ?? '').replace(/"/g, '') };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async read(key: string): Promise<Buffer | undefined> {
    return (await this.get(key))?.body;
  }

  async list(prefix = ''): Promise<ListedObject[]> {
    const found: ListedObject[] = [];
    let token: string | undefined;
    do {
      const out = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.options.bucket,
          Prefix: prefix || undefined,
          ContinuationToken: token,
        }),
      );
      for (const item of out.Contents ?? []) {
        if (item.Key)
          found.push({ key: item.Key, size: item.Size ?? 0, modified: item.LastModified ?? new Date() });
      }
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
    return found.sort((a, b) => a.key.localeCompare(b.key));
  }

  url(key: string): string {
    return this.publicUrl ? `${this.publicUrl}/${key}` : `${UPLOADS_PREFIX}${key}`;
  }

  keyOf(url: string): string | undefined {
    if (this.publicUrl && url.startsWith(`${this.publicUrl}/`)) {
      const key = url.slice(this.publicUrl.length + 1).split(/[?#]/)[0];
      return key || undefined;
    }
    return keyOfUploadsPath(url);
  }

  /** The bucket exists and the credentials may use it; else a message naming the setting to fix. */
  async check(): Promise<void> {
    const where = this.options.endpoint ? ` at ${this.options.endpoint}` : '';
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }));
    } catch (err) {
      const status = (err as S3ServiceException).$metadata?.httpStatusCode;
      const name = (err as Error).name;
      let message: string;
      if (status === 404 || name === 'NotFound' || name === 'NoSuchBucket') {
        message = `S3_BUCKET: there is no bucket "${this.options.bucket}"${where}`;
      } else if (status === 401 || status === 403 || name === 'CredentialsProviderError') {
        message =
          `AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: the credentials were refused for bucket ` +
          `"${this.options.bucket}"${where} (${name})`;
      } else {
        message = `S3_ENDPOINT: cannot reach bucket "${this.options.bucket}"${where} (${name}: ${(err as Error).message})`;
      }
      throw new EnvError(`Invalid storage configuration:\n  ${message}`);
    }
  }
}

function isNotFound(err: unknown): boolean {
  const name = (err as Error).name;
  return (
    name === 'NoSuchKey' ||
    name === 'NotFound' ||
    (err as S3ServiceException).$metadata?.httpStatusCode === 404
  );
}
