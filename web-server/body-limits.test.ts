import { describe, expect, it } from 'vitest';
import { apiSeen, web, setUpWebServer, announce } from './test-servers';

setUpWebServer();

describe('body limits', () => {
  it('answers a 200 MB form post with 413 at once, without reading it', async () => {
    const before = process.memoryUsage().rss;
    const answer = await announce(`${web}/?index`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(200 * 1024 * 1024) },
      send: 64 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('larger than the 1 MB');
    expect(answer.ms).toBeLessThan(1000);
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('answers a JSON fetch of a page with a JSON message', async () => {
    const answer = await announce(`${web}/?index&_data=routes%2F_index`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(5 * 1024 * 1024) },
      send: 1024,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toMatch(/larger than/);
  });

  it('lets a multipart upload of its size through on the routes that take files, and only there', async () => {
    const big = String(250 * 1024 * 1024);
    const upload = await announce(`${web}/portfolio/add-project`, {
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': big, 'x-answer-now': '1' },
      send: 1024,
    });
    expect(upload.status).toBe(200);
    const elsewhere = await announce(`${web}/firms`, { headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': big }, send: 1024 });
    expect(elsewhere.status).toBe(413);
    const photo = await announce(`${web}/portfolio`, { headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(12 * 1024 * 1024) }, send: 1024 });
    expect(photo.status).toBe(413);
    const urlencoded = await announce(`${web}/portfolio/add-project`, { headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(2 * 1024 * 1024) }, send: 1024 });
    expect(urlencoded.status).toBe(413);
    // A folder's upload: ten files of 100 MB at once.
    const folder = '/workspace/project/filesdetails/0123456789abcdef01234567/76543210fedcba9876543210';
    const files = await announce(`${web}${folder}`, {
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(900 * 1024 * 1024), 'x-answer-now': '1' },
      send: 1024,
    });
    expect(files.status).toBe(200);
    const tooMany = await announce(`${web}${folder}`, { headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(1100 * 1024 * 1024) }, send: 1024 });
    expect(tooMany.status).toBe(413);
  });

  it('lets the summary editor’s Save all post a form of up to 2 MB, and only there', async () => {
    const form = (bytes: number) => ({ 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Math.round(bytes)) });
    const editor = `${web}/workspace/project/schedules/summary-financial/0123456789abcdef01234567`;
    expect((await announce(editor, { headers: { ...form(1.9 * 1024 * 1024), 'x-answer-now': '1' }, send: 1024 })).status).toBe(200);
    const over = await announce(editor, { headers: form(2.1 * 1024 * 1024), send: 1024 });
    expect(over.status).toBe(413);
    expect(over.body).toContain('larger than the 2 MB');
    expect((await announce(`${web}/workspace/project/schedules/0123456789abcdef01234567`, { headers: form(1.9 * 1024 * 1024), send: 1024 })).status).toBe(413);
  });

  it('refuses a page body without a length (411) and stops a streamed /api body at its limit', async () => {
    const chunked = await announce(`${web}/?index`, { headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' }, send: 10 });
    expect(chunked.status).toBe(411);

    apiSeen.length = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new Uint8Array(64 * 1024));
        controller.close();
      },
    });
    const res = await fetch(`${web}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(apiSeen.every((seen) => seen.bytes <= 1024 * 1024)).toBe(true);
  });
});
