import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/** Helpers of the PDF tests: what a PDF file says about itself, read with poppler-utils. */

function withFile<T>(pdf: Buffer, work: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-test-'));
  const file = path.join(dir, 'doc.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return work(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of every page (pdftotext, layout kept). */
export const pdfText = (pdf: Buffer) => withFile(pdf, (file) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));

/** The pictures a PDF holds (`pdfimages -list`): each one's page, width and height in pixels; vector drawings (an SVG QR code) are not pictures. */
export function pdfImages(pdf: Buffer): Array<{ page: number; width: number; height: number }> {
  const out = withFile(pdf, (file) => execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }));
  return out
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length > 5 && cols[2] === 'image')
    .map((cols) => ({ page: Number(cols[0]), width: Number(cols[3]), height: Number(cols[4]) }));
}

/** `pdfinfo`'s fields (Pages, Page size…). */
export function pdfInfo(pdf: Buffer): Record<string, string> {
  const out = withFile(pdf, (file) => execFileSync('pdfinfo', [file], { encoding: 'utf8' }));
  return Object.fromEntries(out.split('\n').flatMap((line) => (line.includes(':') ? [[line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]] : [])));
}

/** Every MediaBox of the file, as [width, height] in points (A4 is 595.92 × 842.88 as Chromium writes it). */
export function mediaBoxes(pdf: Buffer): Array<[number, number]> {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [
    Number(m[3]) - Number(m[1]),
    Number(m[4]) - Number(m[2]),
  ]);
}

/** A4 in points is 595.28 × 841.89; Chromium rounds to whole CSS pixels (595.92 × 842.88). */
export const isA4 = ([w, h]: [number, number], orientation: 'portrait' | 'landscape') => {
  const [short, long] = orientation === 'portrait' ? [w, h] : [h, w];
  return Math.abs(short - 595.3) < 2 && Math.abs(long - 841.9) < 2;
};

/** An HTTP listener on 127.0.0.1 counting every request it gets (the PDF must make none). */
export async function countingListener() {
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'text/css' }).end('body{background:red}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (p: string) => `http://127.0.0.1:${port}${p}`,
    get hits() {
      return hits;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
