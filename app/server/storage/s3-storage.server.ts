/**
 * The S3-compatible storage driver (AWS S3, MinIO, Cloudflare R2, Backblaze B2, s3rver in tests) behind the same
 * {@link Storage} interface as the local folder. Each bucket of the app maps to the S3 bucket `<prefix><bucket>`
 * (e.g. `myshop-repair-photos`); keys are the same as locally. Objects stay private: the app streams them through
 * `/files/...` after its own access check.
 *
 * `put` never overwrites: it asks with `If-None-Match: *` (a conditional write, honoured by AWS S3 and most
 * compatibles) after a HEAD check (for services that ignore the header), and throws StorageConflictError either way.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { BUCKETS, type Bucket } from '~/lib/work-order-status';
import { assertValidKey, StorageConflictError, StorageUnavailableError, type Storage, type StoredEntry } from './storage.server';

export interface S3StorageOptions {
  endpoint?: string | undefined;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  bucketPrefix: string;
  /** Path-style URLs (`endpoint/bucket/key`); on by default when a custom endpoint is set. */
  forcePathStyle?: boolean;
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.$metadata?.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound';
}

function isPreconditionFailed(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata?.httpStatusCode === 412 || error.name === 'PreconditionFailed');
}

/** Creates the driver; `client` can be passed in (tests), otherwise one S3Client is made from the options. */
export function createS3Storage(
  options: S3StorageOptions,
  client?: S3Client,
): Storage & { client: S3Client; bucketName(b: Bucket): string; check(): Promise<void> } {
  const s3 =
    client ??
    new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      credentials: options.credentials,
    });
  const bucketName = (bucket: Bucket) => `${options.bucketPrefix}${bucket}`;

  /** HEAD on every bucket of the app: a missing bucket or an unreachable service stops start-up with its name. */
  async function check(): Promise<void> {
    for (const bucket of BUCKETS) {
      try {
        await s3.send(new HeadBucketCommand({ Bucket: bucketName(bucket) }), { abortSignal: AbortSignal.timeout(15_000) });
      } catch (error) {
        const status = (error as S3ServiceException).$metadata?.httpStatusCode;
        const reason = status === 404 ? 'the bucket does not exist' : status === 403 ? 'access denied' : (error as Error).message || String(error);
        const where = options.endpoint ? ` at ${options.endpoint}` : ` in ${options.region}`;
        throw new StorageUnavailableError(`Cannot use the S3 bucket ${bucketName(bucket)}${where}: ${reason}`);
      }
    }
  }

  async function exists(bucket: Bucket, key: string): Promise<boolean> {
    assertValidKey(key);
    try {
      await s3.send(new HeadObjectCommand({ Bucket: bucketName(bucket), Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async function listObjects(bucket: Bucket, prefix: string): Promise<StoredEntry[]> {
    const out: StoredEntry[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({ Bucket: bucketName(bucket), Prefix: prefix || undefined, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        // An object without a date counts as new, so the orphan sweep never removes it.
        if (item.Key) out.push({ key: item.Key, size: item.Size ?? 0, modifiedAt: item.LastModified ?? new Date() });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  return {
    client: s3,
    bucketName,
    check,
    exists,
    async put(bucket, key, data, { contentType }) {
      assertValidKey(key);
      if (await exists(bucket, key)) throw new StorageConflictError(`${bucket}/${key} exists`);
      try {
        await s3.send(
          new PutObjectCommand({
            Bucket: bucketName(bucket),
            Key: key,
            Body: data,
            ContentType: contentType,
            ContentLength: data.byteLength,
            IfNoneMatch: '*',
          }),
        );
      } catch (error) {
        if (isPreconditionFailed(error)) throw new StorageConflictError(`${bucket}/${key} exists`);
        throw error;
      }
    },
    async get(bucket, key) {
      assertValidKey(key);
      try {
        const response = await s3.send(new GetObjectCommand({ Bucket: bucketName(bucket), Key: key }));
        if (!response.Body) return null;
        return { body: response.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: response.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(bucket, key) {
      assertValidKey(key);
      await s3.send(new DeleteObjectCommand({ Bucket: bucketName(bucket), Key: key }));
    },
    async list(bucket, prefix) {
      return (await listObjects(bucket, prefix)).map((o) => o.key);
    },
    listObjects,
  };
}
