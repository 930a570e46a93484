import { describe, expect, it } from 'vitest';
import { textContentType } from './project-files';

const typeOf = (text: string | Buffer) => textContentType(Buffer.isBuffer(text) ? text : Buffer.from(text));

describe('the type of a file without a binary signature, from its first bytes', () => {
  it('tells SVG, HTML and XML apart, with or without a declaration, a byte order mark or a comment first', () => {
    expect(typeOf('<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe('image/svg+xml');
    expect(typeOf('\ufeff<?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg viewBox="0 0 1 1"></svg>')).toBe('image/svg+xml');
    expect(typeOf('  <!DOCTYPE html><html><body>hi</body></html>')).toBe('text/html');
    expect(typeOf('<script>alert(1)</script>')).toBe('text/html');
    expect(typeOf('Hello <body onload=x>')).toBe('text/html');
    expect(typeOf('<?xml version="1.0"?><rows/>')).toBe('application/xml');
  });

  it('calls UTF-8 text text, and binary or broken bytes unknown', () => {
    expect(typeOf('Site meeting, 12 March: slab poured.\nNext: brickwork — 2nd floor.\n')).toBe('text/plain');
    // A character cut at the end of the sniffed bytes is still text.
    expect(typeOf(Buffer.from('Café', 'utf8').subarray(0, 4))).toBe('text/plain');
    expect(typeOf(Buffer.from([0x41, 0x00, 0x42]))).toBe('application/octet-stream');
    expect(typeOf(Buffer.from([0xff, 0xfe, 0xfd, 0x41]))).toBe('application/octet-stream');
    expect(typeOf('a\u0007b')).toBe('application/octet-stream');
    expect(typeOf('')).toBe('application/octet-stream');
  });
});
