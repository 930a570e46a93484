import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrSvg, upiAmount, upiPayUri } from './upi.js';

describe('upiPayUri', () => {
  it('builds the NPCI link with the amount in rupees and the invoice number as the note', () => {
    expect(upiPayUri({ payeeAddress: 'studio@okicici', payeeName: 'Studio Mehta & Sons', amount: 1_20_000_50, note: 'MSA/2026-27/0001' })).toBe(
      'upi://pay?pa=studio@okicici&pn=Studio%20Mehta%20%26%20Sons&am=120000.50&tn=MSA%2F2026-27%2F0001&cu=INR',
    );
  });
  it('carries the invoice number as the transaction reference tr as well as the note tn', () => {
    expect(upiPayUri({ payeeAddress: 'studio@okicici', payeeName: 'Studio', amount: 100, note: 'MSA/2026-27/0001', reference: 'MSA/2026-27/0001' })).toBe(
      'upi://pay?pa=studio@okicici&pn=Studio&tr=MSA%2F2026-27%2F0001&am=1.00&tn=MSA%2F2026-27%2F0001&cu=INR',
    );
  });
  it('leaves the amount out when there is none', () => {
    expect(upiPayUri({ payeeAddress: 'a.b-c_d@upi', payeeName: 'A' })).toBe('upi://pay?pa=a.b-c_d@upi&pn=A&cu=INR');
  });
  it('encodes whatever a name holds, so nothing can add a parameter', () => {
    const uri = upiPayUri({ payeeAddress: 'x1@bank', payeeName: 'Evil&am=1&pa=thief@bank', amount: 100 });
    const params = new URLSearchParams(uri.slice('upi://pay?'.length));
    expect(params.getAll('pa')).toEqual(['x1@bank']);
    expect(params.getAll('am')).toEqual(['1.00']);
    expect(params.get('pn')).toBe('Evil&am=1&pa=thief@bank');
  });
  it('refuses a malformed UPI ID and a blank name', () => {
    expect(() => upiPayUri({ payeeAddress: 'no-at-sign', payeeName: 'A' })).toThrow(RangeError);
    expect(() => upiPayUri({ payeeAddress: 'a@b@c', payeeName: 'A' })).toThrow(RangeError);
    expect(() => upiPayUri({ payeeAddress: 'ab@bank', payeeName: '  ' })).toThrow(RangeError);
  });
  it('prints paise as rupees with two decimals', () => {
    expect(upiAmount(5)).toBe('0.05');
    expect(upiAmount(100_00)).toBe('100.00');
  });
});

describe('qrSvg', () => {
  it('draws an SVG that a QR reader decodes back to the link', async () => {
    const uri = upiPayUri({ payeeAddress: 'studio@okicici', payeeName: 'Studio Mehta', amount: 2_77_750_00, note: 'MSA/2026-27/0042' });
    const svg = await qrSvg(uri);
    expect(svg.startsWith('<svg')).toBe(true);
    const { data, info } = await sharp(Buffer.from(svg), { density: 300 }).resize(400).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(decoded?.data).toBe(uri);
  });
});
