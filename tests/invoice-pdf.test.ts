import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isA4, mediaBoxes, pdfImages, pdfText } from './helpers/pdf';
import { DIGITALLY_SIGNED_TEXT } from '../server/contract/billing-rules';
import { bearer, createTestApi, postMultipart, type TestApi } from './helpers/test-api';
import type { InvoicePrint, ReceiptPrint } from '../server/contract/invoices';
import { createBillingProfile, demoGstin } from '../server/seed/billing';
import { createContact } from '../server/seed/chat-book';
import { createFirm, createWorkspaceProject } from '../server/seed/factories';
import { createPricedSchedule } from '../server/seed/invoices';
import { createSession } from '../server/queries/sessions';
import { isoDay } from '../server/contract/dates';
import { PdfRenderer } from '../app/utils/pdf.server';
import { renderInvoicePdf, renderReceiptPdf } from '../app/utils/invoice-pdf.server';

/**
 * The Tax Invoice and receipt PDFs end to end below the web route: the
 * api's print data (real PostgreSQL) printed by Chromium, its text read back with pdftotext and its
 * QR code read back from the rendered page.
 */

let api: TestApi;
let token: string;
let invoice: InvoicePrint;
let receipt: ReceiptPrint;
const renderer = new PdfRenderer({ executablePath: '/usr/bin/chromium', pagesAtOnce: 1, timeoutMs: 30_000 });
const CLIENT_GSTIN = demoGstin('27', 'AAGCR4375J');

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db);
  token = (await createSession(api.db, firm.id, { remember: false })).token;
  // ₹1,36,440 outstanding is above the default UPI limit (₹1,00,000, decision 397): this firm allows ₹2,00,000.
  await createBillingProfile(api.db, firm.id, { upiLimit: 2_00_000_00 });
  const project = await createWorkspaceProject(api.db, firm.id);
  const { schedule } = await createPricedSchedule(api.db, firm.id, project.id);
  const client = await createContact(api.db, firm.id, { name: 'Rhea Kapoor', company: 'Kapoor Residences Pvt Ltd', state: 'Maharashtra', gstin: CLIENT_GSTIN, address: 'Lane 7, Koregaon Park, Pune 411001' });
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await api.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(res.body);
    return res.json().data;
  };
  const { id, version } = await call('POST', '/invoices', { contactId: client.id, scheduleId: schedule.id });
  await call('POST', `/invoices/${id}/issue`, { version });
  const paid = await call('POST', `/invoices/${id}/payments`, { paidOn: isoDay(new Date()), amount: 50_000_00, method: 'bank_transfer', reference: 'NEFT 778' });
  invoice = await call('GET', `/invoices/${id}/print`);
  receipt = await call('GET', `/invoices/${id}/payments/${paid.payments[0].id}/receipt`);
});
afterAll(async () => {
  await renderer.close();
  await api?.close();
});

/** The first page drawn at 150 dpi, decoded by a QR reader. */
async function qrOfFirstPage(pdf: Buffer): Promise<string | undefined> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-qr-'));
  try {
    fs.writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', path.join(dir, 'doc.pdf'), path.join(dir, 'page')]);
    const png = fs.readdirSync(dir).find((f) => f.endsWith('.png'))!;
    const { data, info } = await sharp(path.join(dir, png)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the Tax Invoice PDF', () => {
  it('prints the title, both GSTINs, place of supply, HSN/SAC, the tax split, amount in words and bank details', async () => {
    const pdf = await renderInvoicePdf(invoice, renderer);
    for (const box of mediaBoxes(pdf)) expect(isA4(box, 'portrait')).toBe(true);
    // For review screenshots: INVOICE_PDF_OUT=<file> keeps the printed invoice.
    if (process.env.INVOICE_PDF_OUT) fs.writeFileSync(process.env.INVOICE_PDF_OUT, pdf);
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(invoice.invoice.number!);
    expect(text).toContain('27AAPFU0939F1ZV');
    expect(text).toContain(CLIENT_GSTIN);
    expect(text).toContain('Place of supply Maharashtra');
    expect(text).toContain('9403');
    expect(text).toContain('998391');
    expect(text).toMatch(/CGST.*SGST/);
    expect(text).not.toContain('IGST');
    expect(text).toContain('₹1,58,000.00');
    expect(text).toContain('₹14,220.00'); // CGST = SGST = 9 % of ₹1,58,000
    expect(text).toContain('₹1,86,440.00');
    expect(text).toContain('Rupees One Lakh Eighty Six Thousand Four Hundred Forty Only');
    expect(text).toContain('studiomehta@okhdfcbank');
    expect(text).toContain('50100123456789');
    expect(text).toContain('HDFC0000240');
    expect(text).not.toMatch(/trade|profit|markup/i);
  });

  it('carries a UPI QR code for the outstanding amount with the invoice number as reference and note', async () => {
    const number = encodeURIComponent(invoice.invoice.number!);
    const expected = `upi://pay?pa=studiomehta@okhdfcbank&pn=Studio%20Mehta%20Architects%20LLP&tr=${number}&am=136440.00&tn=${number}&cu=INR`;
    expect(invoice.upiUri).toBe(expected);
    expect(await qrOfFirstPage(await renderInvoicePdf(invoice, renderer))).toBe(expected);
  });

  it('prints the receipt of a payment', async () => {
    const text = pdfText(await renderReceiptPdf(receipt, renderer)).replace(/\s+/g, ' ');
    expect(text).toContain('Payment Receipt');
    expect(text).toContain(receipt.payment.receiptNumber);
    expect(text).toContain(invoice.invoice.number!);
    expect(text).toContain('₹50,000.00');
    expect(text).toContain('Bank transfer');
    expect(text).toContain('NEFT 778');
    expect(text).toContain('Rupees Fifty Thousand Only');
  });
});

describe('CGST rule 46(q): the signature on the tax invoice, credit note and receipt PDFs (decision 402)', () => {
  const textOf = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');
  const get = async <T>(url: string): Promise<T> => (await api.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) })).json().data;

  it('rule 46(q): without a signature image, each PDF has a line to sign on, "Authorised signatory" and the words for a digitally signed document, and no picture', async () => {
    expect(invoice.signature).toBeNull();
    for (const pdf of [await renderInvoicePdf(invoice, renderer), await renderReceiptPdf(receipt, renderer)]) {
      const text = textOf(pdf);
      expect(text).toContain('For Studio Mehta Architects LLP');
      expect(text).toContain('Authorised signatory');
      expect(text).toContain(DIGITALLY_SIGNED_TEXT);
      expect(pdfImages(pdf)).toEqual([]);
    }
  });

  it('rule 46(q): with the firm\'s uploaded signature, the tax invoice, its credit note and the receipt print the image above "Authorised signatory"', async () => {
    // A 600 × 200 stroke on transparency, as a signature scanned and cleaned up.
    const png = await sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 500, height: 12, channels: 4, background: { r: 20, g: 30, b: 120, alpha: 1 } } }, left: 50, top: 120 }])
      .png()
      .toBuffer();
    const uploaded = await postMultipart(api, '/api/billing/profile/signature', [{ name: 'file', file: png, filename: 'signature.png', type: 'image/png' }], token);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const id = invoice.invoice.id;
    const credited = await api.app.inject({ method: 'POST', url: `/api/invoices/${id}/credit-notes`, headers: bearer(token), payload: { reason: 'One site visit fewer', amount: 1_000_00, rateBp: 1800 } });
    expect(credited.statusCode, credited.body).toBe(201);
    const noteId = (await get<InvoicePrint['invoice']>(`/invoices/${id}`)).creditNotes[0]!.id;
    const prints = [await get<InvoicePrint>(`/invoices/${id}/print`), await get<InvoicePrint>(`/invoices/${noteId}/print`)];
    const signedReceipt = await get<ReceiptPrint>(`/invoices/${id}/payments/${receipt.payment.id}/receipt`);
    const pdfs = [...(await Promise.all(prints.map((p) => renderInvoicePdf(p, renderer)))), await renderReceiptPdf(signedReceipt, renderer)];
    if (process.env.INVOICE_PDF_OUT) fs.writeFileSync(process.env.INVOICE_PDF_OUT.replace(/(\.pdf)?$/, '-signed.pdf'), pdfs[0]!);
    expect(textOf(pdfs[1]!)).toContain('Credit Note');
    for (const pdf of pdfs) {
      const text = textOf(pdf);
      expect(text).toMatch(/For Studio Mehta Architects LLP Authorised signatory/);
      expect(text).not.toContain(DIGITALLY_SIGNED_TEXT);
      // The stored PNG itself (its pixels, not a re-drawn copy) is in the file.
      expect(pdfImages(pdf)).toContainEqual(expect.objectContaining({ width: 600, height: 200 }));
    }
  });
});
