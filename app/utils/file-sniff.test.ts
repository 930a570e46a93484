import { describe, expect, it } from 'vitest';
import { UPLOAD_RULES } from '../../server/contract/upload-rules';
import { fileProblem, fileProblemOf, pickProblem, sniffKind, sortFiles } from './file-sniff';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);
const GIF = ascii('GIF89a');
const WEBP = ascii('RIFF\u0010\u0000\u0000\u0000WEBPVP8 ');
const PDF = ascii('%PDF-1.7\n');
const OLE = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0);

describe('sniffKind', () => {
  it('names each accepted kind by its first bytes, whatever the file is called', () => {
    expect(sniffKind(JPEG, 'photo.png')).toBe('jpg');
    expect(sniffKind(PNG, 'x')).toBe('png');
    expect(sniffKind(GIF, 'x.jpg')).toBe('gif');
    expect(sniffKind(WEBP)).toBe('webp');
    expect(sniffKind(PDF, 'scan.doc')).toBe('pdf');
  });

  it('tells Word files by signature and name, as the api does', () => {
    expect(sniffKind(OLE, 'old.DOC')).toBe('doc');
    expect(sniffKind(OLE, 'sheet.xls')).toBeNull();
    expect(sniffKind(ZIP, 'letter.docx')).toBe('docx');
    expect(sniffKind(ZIP, 'archive.zip')).toBeNull();
  });

  it('knows nothing of text, truncated signatures, a RIFF that is not WebP, or an empty file', () => {
    expect(sniffKind(ascii('hello, I am text'), 'fake.png')).toBeNull();
    expect(sniffKind(bytes(0xff, 0xd8), 'short.jpg')).toBeNull();
    expect(sniffKind(bytes(0x89, 0x50, 0x4e, 0x47), 'short.png')).toBeNull();
    expect(sniffKind(ascii('RIFF\u0010\u0000\u0000\u0000WAVEfmt '), 'sound.webp')).toBeNull();
    expect(sniffKind(new Uint8Array(0))).toBeNull();
  });
});

describe('fileProblemOf', () => {
  it("answers the api's type message for a kind the picker does not take", () => {
    expect(fileProblemOf(GIF, { name: 'a.gif', size: 10 }, UPLOAD_RULES.profilePhoto)).toBe('Only image allowed');
    expect(fileProblemOf(GIF, { name: 'a.gif', size: 10 }, UPLOAD_RULES.projectImage)).toBeNull();
    expect(fileProblemOf(WEBP, { name: 'a.webp', size: 10 }, UPLOAD_RULES.projectImage)).toBe(UPLOAD_RULES.projectImage.typeMessage);
    expect(fileProblemOf(JPEG, { name: 'a.pdf', size: 10 }, UPLOAD_RULES.registrationDocument)).toBe('Only PDF, DOC, or DOCX files are allowed');
  });

  it("answers the api's size message for a file over the limit", () => {
    const rule = UPLOAD_RULES.profilePhoto;
    expect(fileProblemOf(PNG, { name: 'a.png', size: rule.maxBytes }, rule)).toBeNull();
    expect(fileProblemOf(PNG, { name: 'a.png', size: rule.maxBytes + 1 }, rule)).toBe('The photo must be at most 10 MB.');
  });
});

describe('reading chosen files', () => {
  it('reads the first bytes of a File and sorts several into accepted and refused', async () => {
    const text = new File(['not an image at all'], 'fake.png', { type: 'image/png' });
    const png = new File([PNG], 'real.png', { type: 'image/png' });
    expect(await fileProblem(text, UPLOAD_RULES.projectImage)).toBe(UPLOAD_RULES.projectImage.typeMessage);
    expect(await fileProblem(png, UPLOAD_RULES.projectImage)).toBeNull();
    const sorted = await sortFiles([text, png], UPLOAD_RULES.projectImage);
    expect(sorted.accepted).toEqual([png]);
    expect(sorted.refused).toEqual([{ file: text, message: UPLOAD_RULES.projectImage.typeMessage }]);
  });
});

describe('pickProblem', () => {
  it('refuses more files than the picker has room for, then any file of a wrong kind, and passes good ones', async () => {
    const png = () => new File([PNG], 'real.png', { type: 'image/png' });
    const room = { left: 2, message: 'You can add only 10 images' };
    expect(await pickProblem([png(), png(), png()], UPLOAD_RULES.scheduleImage, room)).toBe('You can add only 10 images');
    const fake = new File(['plain text'], 'notes.png', { type: 'image/png' });
    expect(await pickProblem([png(), fake], UPLOAD_RULES.scheduleImage, room)).toBe(`notes.png: ${UPLOAD_RULES.scheduleImage.typeMessage}`);
    expect(await pickProblem([png(), png()], UPLOAD_RULES.scheduleImage, room)).toBeNull();
    expect(await pickProblem([png()], UPLOAD_RULES.scheduleImage)).toBeNull();
  });
});
