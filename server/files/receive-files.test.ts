import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFile } from '../../tests/helpers/documents';
import { multipart as multipartBody, type MultipartPart, type TestApi } from '../../tests/helpers/test-api';
import { filePartHead, listenOnLoopback, openUpload } from '../../tests/helpers/uploads';
import type { AppContext } from '../context';
import { registerErrorHandling } from '../errors';
import { guardMultipartParser } from '../services/multipart-guard';
import { firstField, withReceivedFiles, type ReceivedUpload } from './receive-files';
import { workspaceFiles } from './upload-kinds';
import { UploadSlots } from './upload-slots';

/**
 * withReceivedFiles on its own (the workspace's file uploads will use it as the showcase's do):
 * any type recorded by content, the MAX_FILE_MB limit, fields, temporary files always removed.
 */

let app: FastifyInstance;
let tmpDir: string;
/** What the last handler saw, with whether each temporary file existed then. */
let seen: { upload: ReceivedUpload; existed: boolean[] } | null = null;

beforeAll(async () => {
  tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'receive-files-'));
  app = Fastify();
  app.decorate('ctx', { config: { uploadTmpDir: tmpDir }, uploadSlots: new UploadSlots(3) } as unknown as AppContext);
  registerErrorHandling(app);
  guardMultipartParser();
  await app.register(multipart);
  app.post('/files', async (request) => {
    const { fail, pdfOnly } = request.query as { fail?: string; pdfOnly?: string };
    const kind = workspaceFiles({ MAX_FILE_MB: 1 }, 3);
    return withReceivedFiles(request, { accountId: 'a', fileFields: ['files'], ...kind, ...(pdfOnly ? { accept: ['pdf'] } : {}) }, async (upload) => {
      seen = { upload, existed: await Promise.all(upload.files.map((f) => fs.stat(f.path).then(() => true, () => false))) };
      if (fail) throw new Error('the handler failed');
      return { files: upload.files.map(({ path: _path, ...f }) => f), designTeam: upload.fields.designTeam, projectId: firstField(upload, 'projectId') };
    });
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await fs.rm(tmpDir, { recursive: true, force: true });
});

async function post(parts: MultipartPart[], query = '') {
  const body = await multipartBody(parts);
  return app.inject({ method: 'POST', url: `/files${query}`, payload: body.payload, headers: body.headers });
}

describe('withReceivedFiles for workspace files', () => {
  it('takes any type, records it by content (not by name), and collects repeated fields', async () => {
    const res = await post([
      { name: 'projectId', value: 'p1' },
      { name: 'designTeam', value: 'Architect' },
      { name: 'designTeam', value: 'Engineer' },
      { name: 'files', file: pdfFile(), filename: 'notes.txt', type: 'text/plain' },
      { name: 'files', file: Buffer.from('<html><script>alert(1)</script></html>'), filename: 'page.html', type: 'text/html' },
      { name: 'other', file: Buffer.from('dropped'), filename: 'x.bin' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      projectId: 'p1',
      designTeam: ['Architect', 'Engineer'],
      files: [
        { field: 'files', index: 0, fileName: 'notes.txt', size: pdfFile().length, type: { ext: 'pdf', mime: 'application/pdf' }, contentType: 'application/pdf' },
        { field: 'files', index: 1, fileName: 'page.html', size: 38, contentType: 'application/octet-stream' },
      ],
    });
    expect(seen!.existed).toEqual([true, true]);
    expect(await fs.readdir(tmpDir)).toEqual([]);
  });

  it('refuses a file over MAX_FILE_MB with 413 naming it, and keeps nothing', async () => {
    const res = await post([
      { name: 'files', file: Buffer.alloc(1000, 1), filename: 'small.bin' },
      { name: 'files', file: Buffer.alloc(1024 * 1024 + 1, 1), filename: 'huge video.mp4' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Each file must be at most 1 MB.', details: [{ path: 'files.1', message: 'huge video.mp4: Each file must be at most 1 MB.' }] });
    // Exactly the limit is fine.
    expect((await post([{ name: 'files', file: Buffer.alloc(1024 * 1024, 1), filename: 'edge.bin' }])).statusCode).toBe(200);
    expect(await fs.readdir(tmpDir)).toEqual([]);
  });

  it('answers 413 for too many files, 400 for an empty named file, 415 for a body that is not multipart', async () => {
    const four = Array.from({ length: 4 }, (_, i) => ({ name: 'files', file: Buffer.from(`file ${i}`), filename: `${i}.txt` }));
    const many = await post(four);
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toBe('Upload at most 3 files at a time.');
    const empty = await post([{ name: 'files', file: Buffer.alloc(0), filename: 'empty.txt' }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([{ path: 'files.0', message: 'empty.txt: The file is empty' }]);
    const json = await app.inject({ method: 'POST', url: '/files', payload: { files: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(await fs.readdir(tmpDir)).toEqual([]);
  });

  it('removes the temporary files and gives the slot back when the handler fails', async () => {
    const res = await post([{ name: 'files', file: Buffer.from('data'), filename: 'a.txt' }], '?fail=1');
    expect(res.statusCode).toBe(500);
    expect(seen!.existed).toEqual([true]);
    expect(await fs.readdir(tmpDir)).toEqual([]);
    expect(app.ctx.uploadSlots.inProgress('a')).toBe(0);
  });

  it('reads and drops the rest of a refused body up to what the kind allows, then closes the connection', async () => {
    const port = await listenOnLoopback({ app } as TestApi);
    const upload = openUpload(port, '/files?pdfOnly=1', 'unused');
    await upload.write(filePartHead('files', 'notes.pdf', 'application/pdf'));
    await upload.write(Buffer.alloc(70 * 1024, 'a'));
    expect((await upload.response).status).toBe(415);
    // The kind allows 3 files of 1 MB: a sender going on well past that is cut off.
    const sent = await (async () => {
      let bytes = 0;
      try {
        while (bytes < 64 * 1024 * 1024) {
          await upload.write(Buffer.alloc(256 * 1024, 'a'));
          bytes += 256 * 1024;
        }
      } catch {
        /* the server closed the connection */
      }
      return bytes;
    })();
    // Dropped quietly up to that bound (so a browser finishing its upload sees the answer), then closed.
    expect(sent).toBeGreaterThanOrEqual(4 * 1024 * 1024);
    expect(sent).toBeLessThan(16 * 1024 * 1024);
    expect(await fs.readdir(tmpDir)).toEqual([]);
  });
});
