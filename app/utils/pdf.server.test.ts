import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingListener, isA4, mediaBoxes, pdfInfo, pdfText } from '../../tests/helpers/pdf';
import { isAllowedPdfRequest, PdfRenderer } from './pdf.server';

const renderer = new PdfRenderer({ executablePath: '/usr/bin/chromium', pagesAtOnce: 2, timeoutMs: 20_000 });
let listener: Awaited<ReturnType<typeof countingListener>>;

beforeAll(async () => {
  listener = await countingListener();
});
afterAll(async () => {
  await renderer.close();
  await listener.close();
});

describe('PdfRenderer', () => {
  it('prints A4 portrait by default, with the page text and the footer page numbers', async () => {
    const pdf = await renderer.render('<h1>Living room schedule</h1><p>Oak table</p>', {
      footerTemplate: '<div style="font-size:9px">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const boxes = mediaBoxes(pdf);
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) expect(isA4(box, 'portrait'), `MediaBox ${box}`).toBe(true);
    const text = pdfText(pdf);
    expect(text).toContain('Living room schedule');
    expect(text).toMatch(/Page 1 of 1/);
    expect(pdfInfo(pdf).Pages).toBe('1');
  });

  it('prints A4 landscape when asked', async () => {
    const pdf = await renderer.render('<p>Wide</p>', { landscape: true });
    for (const box of mediaBoxes(pdf)) expect(isA4(box, 'landscape'), `MediaBox ${box}`).toBe(true);
  });

  it('makes no request for images, stylesheets, frames or scripts the HTML names, and keeps data: images', async () => {
    const dataPng =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const html = `<!doctype html><html><head>
      <link rel="stylesheet" href="${listener.url('/style.css')}">
      <style>@import url("${listener.url('/import.css')}"); body { background: url("${listener.url('/bg.png')}"); }</style>
      <script src="${listener.url('/x.js')}"></script>
      </head><body>
      <img src="${listener.url('/x')}"><img src="${dataPng}" alt="inline">
      <iframe src="${listener.url('/frame')}"></iframe>
      <object data="${listener.url('/object')}"></object>
      <video poster="${listener.url('/poster')}"></video>
      <p>Printed without a single request</p></body></html>`;
    const pdf = await renderer.render(html, { headerTemplate: `<img src="${listener.url('/header.png')}">` });
    expect(pdfText(pdf)).toContain('Printed without a single request');
    expect(listener.hits).toBe(0);
  });

  it('allows only data: URLs', () => {
    expect(isAllowedPdfRequest('data:image/png;base64,AAAA')).toBe(true);
    for (const url of ['http://127.0.0.1/x', 'https://example.com/', 'file:///etc/passwd', 'about:blank', 'blob:x']) {
      expect(isAllowedPdfRequest(url), url).toBe(false);
    }
  });

  it('renders at most pagesAtOnce at a time; the others wait their turn and all finish', async () => {
    const seen: number[] = [];
    const jobs = Array.from({ length: 5 }, (_, i) => {
      const job = renderer.render(`<p>Job ${i}</p>`);
      seen.push(renderer.load.active);
      return job;
    });
    const pdfs = await Promise.all(jobs);
    expect(Math.max(...seen)).toBeLessThanOrEqual(2);
    pdfs.forEach((pdf, i) => expect(pdfText(pdf)).toContain(`Job ${i}`));
    expect(renderer.load).toEqual({ active: 0, waiting: 0 });
  });

  it('reuses its pages without carrying anything of one PDF into the next', async () => {
    await renderer.render('<p>Secret first document</p>', { landscape: true });
    const second = await renderer.render('<p>Second document</p>');
    expect(pdfText(second)).not.toContain('Secret first document');
    for (const box of mediaBoxes(second)) expect(isA4(box, 'portrait')).toBe(true);
  });

  it('launches a new browser after Chromium went away', async () => {
    const other = new PdfRenderer({ executablePath: '/usr/bin/chromium', pagesAtOnce: 1, timeoutMs: 20_000 });
    try {
      await other.render('<p>one</p>');
      // The browser dies under the renderer (as a crash would).
      const browser = await (other as unknown as { browser: Promise<import('puppeteer').Browser> }).browser;
      browser.process()?.kill('SIGKILL');
      await new Promise<void>((resolve) => browser.once('disconnected', () => resolve()));
      expect(pdfText(await other.render('<p>two</p>'))).toContain('two');
    } finally {
      await other.close();
    }
  });
});
