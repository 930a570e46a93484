import fs from 'node:fs/promises';
import sharp from 'sharp';
import { placeholderImage, placeholderSvg } from './placeholder-images.js';

/**
 * The files of the demo workspace projects, made without the network: a small
 * PDF written here (a one-page ground-floor plan), pictures drawn by placeholder-images.ts and a
 * short video committed under assets/ (its README tells how it was made).
 */

/** A PDF string literal: backslash, parentheses escaped; ASCII only (Helvetica's standard encoding). */
const pdfText = (text: string) => `(${text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** A one-page PDF from its page content stream, with a correct cross-reference table. */
function pdfDocument(title: string, content: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfText(title)} /Producer (Archivista demo data) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const text = (font: 'F1' | 'F2', size: number, x: number, y: number, value: string) => `BT /${font} ${size} Tf ${x} ${y} Td ${pdfText(value)} Tj ET`;

/**
 * A ground-floor plan of a small house on an A4 page: title block, walls, doors, room names and
 * the overall dimensions, drawn with PDF path operators.
 */
export function demoPlanPdf(projectName: string): Buffer {
  const ops = [
    // Title block
    text('F1', 20, 56, 780, 'Ground floor plan'),
    text('F2', 11, 56, 760, `${projectName} - drawing A-101, scale 1:100`),
    '0.75 0.47 0.24 RG 2 w 56 748 m 539 748 l S',
    // Outer walls (12 m x 8 m at 1:100 on the page: 1 m = 36 pt)
    '0.15 0.2 0.27 RG 6 w 98 330 432 288 re S',
    // Inner walls
    '3 w 314 330 m 314 618 l S',
    '98 474 m 230 474 l S 266 474 m 314 474 l S',
    '314 510 m 420 510 l S 456 510 m 530 510 l S',
    // Doors (openings with a swing)
    '1 w 0.4 0.45 0.5 RG 230 474 m 230 510 l S 230 510 m 249.9 510 266 493.9 266 474 c S',
    '420 510 m 420 546 l S 420 546 m 439.9 546 456 529.9 456 510 c S',
    '0.15 0.2 0.27 RG',
    // Windows on the street side
    '0.35 0.48 0.56 RG 2 w 140 330 m 220 330 l S 380 330 m 470 330 l S',
    // Room names and areas
    '0 0 0 rg',
    text('F1', 12, 170, 410, 'Living'),
    text('F2', 9, 170, 396, '27.7 sq m'),
    text('F1', 12, 170, 548, 'Kitchen'),
    text('F2', 9, 170, 534, '14.3 sq m'),
    text('F1', 12, 390, 420, 'Bedroom'),
    text('F2', 9, 390, 406, '19.2 sq m'),
    text('F1', 12, 390, 570, 'Bath'),
    text('F2', 9, 390, 556, '8.1 sq m'),
    // Dimensions
    '0.4 0.45 0.5 RG 0.8 w 98 300 m 530 300 l S 98 294 m 98 306 l S 530 294 m 530 306 l S',
    text('F2', 9, 300, 286, '12.00 m'),
    '550 330 m 550 618 l S 544 330 m 556 330 l S 544 618 m 556 618 l S',
    text('F2', 9, 556, 470, '8.00 m'),
    // Notes
    text('F1', 10, 56, 220, 'Notes'),
    text('F2', 9, 56, 204, '1. All dimensions in metres; check on site before work starts.'),
    text('F2', 9, 56, 190, '2. Internal walls 115 mm brick, plastered both sides.'),
    text('F2', 9, 56, 176, '3. Window sills at 900 mm above finished floor level.'),
    '0.75 0.47 0.24 RG 1 w 56 80 m 539 80 l S',
    text('F2', 8, 56, 66, 'Archivista demo drawing - for illustration only'),
  ];
  return pdfDocument(`${projectName} - Ground floor plan`, ops.join('\n'));
}

/** A rendered interior as a JPEG (what a firm would upload from its renderer). */
export const demoRenderJpeg = (seed: number) => placeholderImage({ scene: 'interior', seed, width: 960, height: 600 });

/** A street elevation as a PNG. */
export const demoElevationPng = (seed: number) => sharp(placeholderSvg({ scene: 'facade', seed, width: 960, height: 560 })).png({ compressionLevel: 9, palette: true }).toBuffer();

/** The short site walkthrough video (WebM, 5 s, 55 KB), committed under assets/. */
export const demoWalkthroughWebm = () => fs.readFile(new URL('./assets/site-walkthrough.webm', import.meta.url));
