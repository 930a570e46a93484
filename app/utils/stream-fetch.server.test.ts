import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayBufferPeak, MB } from '../../tests/helpers/memory';
import { streamFetch } from './stream-fetch.server';

/**
 * Uploads from the web to the api (docs/decisions/095): a form's files are read from disk as the
 * socket takes them, a stream is sent chunked, and nothing sent stays in memory (Node's fetch
 * keeps all of a streamed body until the answer, nodejs/undici#4058).
 */

type Received = { headers: http.IncomingHttpHeaders; bytes: number; body: Buffer | null; aborted: boolean };
let onRequest: (req: http.IncomingMessage, res: http.ServerResponse) => void;
const server = http.createServer((req, res) => onRequest(req, res));
let url = '';
let tmp = '';

/** A stand-in api that reads the whole body (kept when `keep`), then answers what it got. */
function receiving(options: { keep?: boolean; onData?: (total: number) => void } = {}): Promise<Received> {
  return new Promise((resolve) => {
    onRequest = (req, res) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      req.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        options.onData?.(bytes);
        if (options.keep) chunks.push(chunk);
      });
      req.on('aborted', () => resolve({ headers: req.headers, bytes, body: null, aborted: true }));
      req.on('end', () => {
        resolve({ headers: req.headers, bytes, body: options.keep ? Buffer.concat(chunks) : null, aborted: false });
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ bytes }));
      });
    };
  });
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/upload`;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'stream-fetch-test-'));
});
afterAll(() => {
  server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A file on disk of `size` bytes (written in pieces) and its SHA-256. */
function diskFile(name: string, size: number): { file: string; sha256: string } {
  const file = path.join(tmp, name);
  const hash = crypto.createHash('sha256');
  const fd = fs.openSync(file, 'w');
  for (let offset = 0; offset < size; offset += MB) {
    const chunk = crypto.randomBytes(Math.min(MB, size - offset));
    hash.update(chunk);
    fs.writeSync(fd, chunk);
  }
  fs.closeSync(fd);
  return { file, sha256: hash.digest('hex') };
}

// 64 MB through sockets and the disk: minutes on a machine busy with other programs, seconds on an idle one.
/**
 * What "flat" allows of a 64 MB body: a few of its 64 KB pieces in flight and the socket's buffers.
 * Some growth is the collector's timing, which a busy machine delays: 8.4 MB was seen there.
 */
const FLAT = 16 * MB;

describe('streamFetch', { timeout: 180_000 }, () => {
  it('sends a FormData as multipart with its length: text, names and files arrive as a browser sends them', async () => {
    const received = receiving({ keep: true });
    const form = new FormData();
    form.append('projectName', 'Two\nlines');
    form.append('files', new File([new Uint8Array([1, 2, 3, 0x0d, 0x0a, 0x2d, 0x2d])], 'plan "A".png', { type: 'image/png' }));
    form.append('files', new File(['plain'], 'notes.txt', { type: 'text/plain; charset=evil\r\nX: y' }));
    const answer = await streamFetch(url, { method: 'POST', headers: { authorization: 'Bearer t' }, body: form });
    expect(answer.status).toBe(201);
    const got = await received;
    expect(got.headers.authorization).toBe('Bearer t');
    expect(Number(got.headers['content-length'])).toBe(got.bytes);

    // Read back by another multipart parser (undici's).
    const parsed = await new Response(new Uint8Array(got.body!), { headers: { 'content-type': got.headers['content-type']! } }).formData();
    expect(parsed.get('projectName')).toBe('Two\r\nlines');
    const [png, txt] = parsed.getAll('files') as File[];
    // Sent as plan %22A%22.png, read back as typed.
    expect(png!.name).toBe('plan "A".png');
    expect(png!.type).toBe('image/png');
    expect([...new Uint8Array(await png!.arrayBuffer())]).toEqual([1, 2, 3, 0x0d, 0x0a, 0x2d, 0x2d]);
    // A type that is not a plain type/subtype is not passed on.
    expect(txt!.type).toBe('application/octet-stream');
    expect(await txt!.text()).toBe('plain');
  });

  it('reads a 64 MB file from disk as the socket takes it: live memory stays flat, every byte arrives', async () => {
    const { file, sha256 } = diskFile('big.bin', 64 * MB);
    const peak = arrayBufferPeak();
    const hash = crypto.createHash('sha256');
    let next = 2 * MB;
    const received = new Promise<number>((resolve) => {
      onRequest = (req, res) => {
        let bytes = 0;
        // The part's head (up to its blank line) is skipped; the file's bytes are hashed.
        let head: Buffer | null = Buffer.alloc(0);
        let fileBytes = 0;
        req.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (head) {
            head = Buffer.concat([head, chunk]);
            const end = head.indexOf('\r\n\r\n');
            if (end < 0) return;
            chunk = head.subarray(end + 4);
            head = null;
          }
          const take = chunk.subarray(0, Math.max(0, 64 * MB - fileBytes));
          fileBytes += take.length;
          hash.update(take);
          if (bytes >= next) {
            next += 2 * MB;
            peak.sample();
          }
        });
        req.on('end', () => {
          res.writeHead(201).end();
          resolve(bytes);
        });
      };
    });
    const form = new FormData();
    form.append('files', new File([await fs.openAsBlob(file)], 'big.bin'));
    const answer = await streamFetch(url, { body: form });
    expect(answer.status).toBe(201);
    expect(await received).toBeGreaterThan(64 * MB);
    expect(peak.growth, `live ArrayBuffers grew by ${(peak.growth / MB).toFixed(1)} MB`).toBeLessThan(FLAT);
    expect(hash.digest('hex')).toBe(sha256);
    fs.rmSync(file);
  });

  it('passes a 64 MB stream on (a browser’s body forwarded, a form’s part): live memory stays flat', async () => {
    const peak = arrayBufferPeak();
    let next = 2 * MB;
    const received = receiving({
      onData: (total) => {
        if (total >= next) {
          next += 2 * MB;
          peak.sample();
        }
      },
    });
    let produced = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (produced >= 64 * MB) return controller.close();
        produced += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(produced & 0xff));
      },
    });
    const answer = await streamFetch(url, { body });
    expect(answer.status).toBe(201);
    expect((await received).bytes).toBe(64 * MB);
    expect(peak.growth, `live ArrayBuffers grew by ${(peak.growth / MB).toFixed(1)} MB`).toBeLessThan(FLAT);
  });

  it('sends a stream chunked, as it is read', async () => {
    const received = receiving({ keep: true });
    const answer = await streamFetch(url, { headers: { 'content-type': 'application/octet-stream' }, body: Readable.from([Buffer.from('one,'), Buffer.from('two')]) });
    expect(answer.status).toBe(201);
    const got = await received;
    expect(got.headers['transfer-encoding']).toBe('chunked');
    expect(got.body!.toString()).toBe('one,two');
  });

  it('answers with a refusal the server sends before the body ends, and stops sending when it closes', async () => {
    let refused = 0;
    onRequest = (req, res) => {
      req.once('data', () => {
        refused += 1;
        res.writeHead(415, { 'content-type': 'application/json', connection: 'close' }).end(JSON.stringify({ message: 'Not an image' }));
        res.once('finish', () => setTimeout(() => req.socket.destroy(), 20));
      });
    };
    let produced = 0;
    async function* endless() {
      for (;;) {
        produced += 64 * 1024;
        yield new Uint8Array(64 * 1024);
      }
    }
    const answer = await streamFetch(url, { body: endless() });
    expect(answer.status).toBe(415);
    expect(await answer.json()).toEqual({ message: 'Not an image' });
    expect(refused).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    const stopped = produced;
    await new Promise((r) => setTimeout(r, 200));
    expect(produced).toBe(stopped);
  });

  it('fails, and the server sees an incomplete request, when the body’s source fails before an answer', async () => {
    const received = receiving();
    async function* failing() {
      yield new Uint8Array(1000);
      throw new Error('file too large');
    }
    await expect(streamFetch(url, { body: failing() })).rejects.toThrow('file too large');
    expect((await received).aborted).toBe(true);
  });

  it('fails when the server cannot be reached, and when the signal aborts', async () => {
    await expect(streamFetch('http://127.0.0.1:9/api/upload', { body: new FormData() })).rejects.toThrow();

    const controller = new AbortController();
    onRequest = () => controller.abort();
    await expect(streamFetch(url, { body: Readable.from([Buffer.from('x')]), signal: controller.signal })).rejects.toThrow(/abort/i);
  });
});
