import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, assertSafePrefix, type Storage, type StorageArea } from './storage.js';

export type S3StorageOptions = {
  bucket: string;
  /** An S3-compatible server (MinIO, R2, a test server); unset for AWS itself. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's default chain (AWS_* variables, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `bucket` in the path instead of the host name (MinIO and most self-hosted servers need it). */
  forcePathStyle: boolean;
};

/** Streams of this size are sent as one part; bigger ones as a multipart upload of such parts. */
const PART_BYTES = 5 * 1024 * 1024;
/** Parts in flight per upload: memory per upload stays at most PART_BYTES × this. */
const PARTS_AT_ONCE = 2;
/** DeleteObjects takes at most 1000 keys. */
const DELETE_BATCH = 1000;

/** The two areas as the same folder names as on disk, inside one (private) bucket. */
const objectKey = (area: StorageArea, key: string) => {
  assertSafeKey(key);
  return `${area === 'public' ? 'uploads' : 'private'}/${key}`;
};

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** `bytes 0-9/1234` → 1234. */
const totalOf = (contentRange: string | undefined) => Number(/\/(\d+)$/.exec(contentRange ?? '')?.[1] ?? NaN);

/**
 * Any S3-compatible bucket (`STORAGE=s3`). The SDK is loaded on first use, so the embedded
 * default never pays for it. Reads stream the object's body (a range of it with `Range`);
 * streamed writes go through lib-storage's multipart upload, which aborts the upload when the
 * source fails, so a broken upload leaves no object behind.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  let loaded: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3'); lib: typeof import('@aws-sdk/lib-storage') }> | undefined;
  const load = () =>
    (loaded ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([sdk, lib]) => ({
      sdk,
      lib,
      client: new sdk.S3Client({
        region: options.region,
        forcePathStyle: options.forcePathStyle,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        ...(options.credentials ? { credentials: options.credentials } : {}),
        // Checksums only where S3 requires them: many S3-compatible servers do not take the
        // newer default (aws-chunked bodies with trailing checksums).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = options.bucket;

  return {
    backend: 's3',

    async prepare() {
      const { client, sdk } = await load();
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket }));
      } catch (error) {
        // Created only when missing; a bucket the credentials may not inspect is left as it is.
        if (!isMissing(error)) throw error;
        await client.send(new sdk.CreateBucketCommand({ Bucket })).catch((e: unknown) => {
          if ((e as { name?: string })?.name !== 'BucketAlreadyOwnedByYou') throw e;
        });
      }
    },

    async check() {
      const { client, sdk } = await load();
      await client.send(new sdk.HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(2000) });
    },

    async put(area, key, body, { contentType }) {
      const { client, sdk, lib } = await load();
      const Key = objectKey(area, key);
      if (Buffer.isBuffer(body)) {
        await client.send(new sdk.PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType }));
        return;
      }
      const upload = new lib.Upload({
        client,
        params: { Bucket, Key, Body: body, ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: PARTS_AT_ONCE,
        leavePartsOnError: false,
      });
      // A source that fails mid-way rejects done(), and the multipart upload is aborted.
      await upload.done();
    },

    async get(area, key, { range } = {}) {
      const { client, sdk } = await load();
      try {
        const out = await client.send(
          new sdk.GetObjectCommand({ Bucket, Key: objectKey(area, key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        const size = range ? totalOf(out.ContentRange) : Number(out.ContentLength);
        return {
          stream: out.Body as Readable,
          size,
          contentType: out.ContentType ?? 'application/octet-stream',
          lastModified: out.LastModified ?? new Date(0),
          ...(range ? { range } : {}),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async head(area, key) {
      const { client, sdk } = await load();
      try {
        const out = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: objectKey(area, key) }));
        return { size: Number(out.ContentLength), contentType: out.ContentType ?? 'application/octet-stream', lastModified: out.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(area, keys) {
      if (!keys.length) return;
      const { client, sdk } = await load();
      const objects = keys.map((key) => ({ Key: objectKey(area, key) }));
      for (let i = 0; i < objects.length; i += DELETE_BATCH) {
        const out = await client.send(new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects: objects.slice(i, i + DELETE_BATCH), Quiet: true } }));
        const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (failed.length) throw new Error(`could not delete ${failed.length} object(s) from the bucket: ${failed[0]!.Code} ${failed[0]!.Message ?? ''}`);
      }
    },

    list(area, prefix) {
      assertSafePrefix(prefix);
      const root = `${area === 'public' ? 'uploads' : 'private'}/`;
      return (async function* () {
        const { client, sdk } = await load();
        let ContinuationToken: string | undefined;
        do {
          const out = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: root + prefix, ContinuationToken }));
          for (const item of out.Contents ?? []) {
            if (item.Key) yield { key: item.Key.slice(root.length), size: Number(item.Size ?? 0), lastModified: item.LastModified ?? new Date(0) };
          }
          ContinuationToken = out.IsTruncated ? out.NextContinuationToken : undefined;
        } while (ContinuationToken);
      })();
    },
  };
}
