import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../tests/helpers/s3-server';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage } from './storage';

/** Bytes whose every position is recognisable: byte i is i mod 251. */
const pattern = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => i % 251));

/** A stream of `data` in 64 KB chunks, failing after `failAfter` bytes when given. */
function chunked(data: Buffer, failAfter?: number) {
  return Readable.from(
    (async function* () {
      for (let i = 0; i < data.length; i += 65536) {
        if (failAfter !== undefined && i >= failAfter) throw new Error('the client went away');
        yield data.subarray(i, i + 65536);
      }
    })(),
  );
}

async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function keys(storage: Storage, area: 'public' | 'private', prefix: string) {
  const found: string[] = [];
  for await (const file of storage.list(area, prefix)) found.push(file.key);
  return found.sort();
}

let s3: TestS3Server;
let folder: string;
beforeAll(async () => {
  s3 = await startS3Server();
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-contract-'));
});
afterAll(async () => {
  await s3?.close();
  await fs.rm(folder, { recursive: true, force: true });
});

const backends: Array<[string, () => Storage]> = [
  ['local disk', () => createLocalStorage({ publicDir: path.join(folder, 'uploads'), privateDir: path.join(folder, 'private') })],
  [
    'S3-compatible bucket',
    () =>
      createS3Storage({
        bucket: 'contract-test',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
  ],
];

describe.each(backends)('the storage contract on %s', (_name, make) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = make();
    await storage.prepare();
    await storage.prepare(); // twice: preparing is idempotent (the bucket exists the second time)
  });

  it('stores a buffer and answers its size, type and bytes', async () => {
    const data = pattern(1000);
    await storage.put('public', 'contract/a/w480.webp', data, { contentType: 'image/webp' });
    expect(await storage.head('public', 'contract/a/w480.webp')).toMatchObject({ size: 1000, contentType: 'image/webp' });
    const file = (await storage.get('public', 'contract/a/w480.webp'))!;
    expect(file.size).toBe(1000);
    expect(file.contentType).toBe('image/webp');
    expect(file.lastModified).toBeInstanceOf(Date);
    expect((await readAll(file.stream)).equals(data)).toBe(true);
  });

  it('streams a 12 MB file in (a multipart upload on S3) and reads any byte range of it', async () => {
    const data = pattern(12 * 1024 * 1024 + 17);
    await storage.put('private', 'contract/big.pdf', chunked(data), { contentType: 'application/pdf' });
    expect(await storage.head('private', 'contract/big.pdf')).toMatchObject({ size: data.length, contentType: 'application/pdf' });
    for (const range of [{ start: 0, end: 1 }, { start: 5, end: 9 }, { start: 6 * 1024 * 1024 - 3, end: 6 * 1024 * 1024 + 3 }, { start: data.length - 4, end: data.length - 1 }]) {
      const part = (await storage.get('private', 'contract/big.pdf', { range }))!;
      expect(part.size, 'the size is the whole file').toBe(data.length);
      expect(part.range).toEqual(range);
      expect((await readAll(part.stream)).equals(data.subarray(range.start, range.end + 1)), JSON.stringify(range)).toBe(true);
    }
  });

  it('answers null for a missing file and keeps the two areas apart', async () => {
    expect(await storage.get('public', 'contract/none.png')).toBeNull();
    expect(await storage.head('private', 'contract/none.png')).toBeNull();
    await storage.put('private', 'contract/secret.pdf', Buffer.from('%PDF-1.4'), { contentType: 'application/pdf' });
    expect(await storage.head('public', 'contract/secret.pdf')).toBeNull();
    expect(await storage.get('public', 'contract/secret.pdf')).toBeNull();
  });

  it('leaves nothing under the key when the source stream fails mid-way', async () => {
    const data = pattern(11 * 1024 * 1024);
    await expect(storage.put('private', 'contract/cut/file.bin', chunked(data, 7 * 1024 * 1024), { contentType: 'application/octet-stream' })).rejects.toThrow();
    await expect(storage.put('private', 'contract/cut/small.bin', chunked(pattern(200_000), 100_000), { contentType: 'application/octet-stream' })).rejects.toThrow();
    expect(await storage.head('private', 'contract/cut/file.bin')).toBeNull();
    expect(await keys(storage, 'private', 'contract/cut/')).toEqual([]);
  });

  it('lists by prefix and deletes many at once; deleting again, or a missing key, is no error', async () => {
    const names = ['contract/list/x/1.webp', 'contract/list/x/2.webp', 'contract/list/y/1.webp', 'contract/listing.webp'];
    for (const key of names) await storage.put('public', key, Buffer.from(key), { contentType: 'image/webp' });
    expect(await keys(storage, 'public', 'contract/list/')).toEqual(names.slice(0, 3));
    expect(await keys(storage, 'public', 'contract/list/x/')).toEqual(names.slice(0, 2));
    expect(await keys(storage, 'public', 'contract/list')).toEqual(names);
    const listed = [];
    for await (const file of storage.list('public', 'contract/list/y/')) listed.push(file);
    expect(listed).toEqual([{ key: 'contract/list/y/1.webp', size: names[2]!.length, lastModified: expect.any(Date) }]);

    await storage.delete('public', [...names.slice(0, 3), 'contract/list/never.webp']);
    expect(await keys(storage, 'public', 'contract/list')).toEqual(['contract/listing.webp']);
    await storage.delete('public', names);
    await storage.delete('public', []);
    expect(await keys(storage, 'public', 'contract/list')).toEqual([]);
  });

  it('refuses keys that could leave the area', async () => {
    for (const key of ['../private/x.pdf', '/etc/passwd', 'a//b.png', 'a/../../b.png', '', 'a/b/', 'a\\b.png', 'a b.png']) {
      await expect(storage.put('public', key, Buffer.from('x'), { contentType: 'text/plain' }), key).rejects.toThrow(/unsafe storage key/);
      await expect(storage.get('public', key), key).rejects.toThrow(/unsafe storage key/);
    }
  });
});
