import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, postMultipart, type TestApi } from '../../../tests/helpers/test-api';
import { TDS_MESSAGES } from '../../contract/tds';
import { statementText } from './index';
import { zipArchive } from '../../../tests/helpers/documents';
import type { TdsReport } from '../../contract/tds';
import { createBillingProfile } from '../../seed/billing';
import { createContact } from '../../seed/chat-book';
import { createFirm } from '../../seed/factories';
import { createSession } from '../../queries/sessions';
import { invoicePayments } from '../../db/schema';
import { eq } from 'drizzle-orm';

// TDS by client and quarter, certificates and a Form 26AS match (docs/decisions/415, 416).
let api: TestApi;
let token: string;
let clientId: string;

const call = (method: 'GET' | 'POST', url: string, payload?: object) => api.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  api = await createTestApi();
  const firm = await createFirm(api.db);
  token = (await createSession(api.db, firm.id, { remember: false })).token;
  await createBillingProfile(api.db, firm.id, { invoicePrefix: 'TDR' });
  clientId = (await createContact(api.db, firm.id, { name: 'Smile Dental', state: 'Maharashtra' })).id;
  // Two fees of ₹1,00,000 + 18 %, each paid ₹1,08,000 with ₹10,000 of TDS; dated in May and June 2026 (Q1 2026-27).
  for (const paidOn of ['2026-05-15', '2026-06-20']) {
    const draft = (await call('POST', '/invoices', { contactId: clientId, lines: [{ description: 'Design fee', quantity: 1, unitPrice: 1_00_000_00, rateBp: 1800 }] })).json().data;
    const issued = await call('POST', `/invoices/${draft.id}/issue`, { version: draft.version });
    expect(issued.statusCode, issued.body).toBe(200);
    const paid = await call('POST', `/invoices/${draft.id}/payments`, { paidOn: issued.json().data.issueDate, amount: 1_08_000_00, tds: 10_000_00, tdsTan: 'MUMS12345A', method: 'bank_transfer' });
    expect(paid.statusCode, paid.body).toBe(201);
    // Back-dated to the quarter the sample download covers.
    await api.db.update(invoicePayments).set({ paidOn }).where(eq(invoicePayments.id, paid.json().data.payments[0].id));
  }
});
afterAll(() => api.close());

describe('the TDS report', () => {
  it('shows deducted, certified and missing per client and quarter, with the due dates', async () => {
    const res = await call('GET', '/tds?fy=2026-27');
    expect(res.statusCode, res.body).toBe(200);
    const report: TdsReport = res.json().data;
    expect(report.rows).toEqual([
      expect.objectContaining({ clientName: 'Smile Dental', tan: 'MUMS12345A', quarter: '2026-27 Q1', returnDue: '2026-07-31', certificateDue: '2026-08-15', deducted: 20_000_00, certified: 0, missing: 20_000_00, reported: null }),
    ]);
    const saved = await call('POST', '/tds/certificates', { contactId: clientId, quarter: '2026-27 Q1', number: 'ABCDEFG1', issuedOn: '2026-08-10', amount: 15_000_00, tan: 'MUMS12345A' });
    expect(saved.statusCode, saved.body).toBe(201);
    const row = saved.json().data.rows[0];
    expect(row).toMatchObject({ certified: 15_000_00, missing: 5_000_00, certificates: [expect.objectContaining({ number: 'ABCDEFG1', issuedOn: '2026-08-10', amount: 15_000_00 })] });
    expect((await call('POST', '/tds/certificates', { contactId: clientId, quarter: '2026-27 Q1', number: 'ABCDEFG1', issuedOn: '2026-08-10', amount: 1, tan: 'MUMS12345A' })).statusCode).toBe(409);
    expect((await call('POST', '/tds/certificates', { contactId: clientId, quarter: '2026-27 Q5', number: 'X', issuedOn: '2026-08-10', amount: 1 })).statusCode).toBe(400);
  });

  it('matches a Form 26AS download: what the client reported per TAN and quarter, and deductors it does not know', async () => {
    const text = readFileSync(new URL('../../../tests/fixtures/form-26as-sample.txt', import.meta.url), 'utf8');
    const res = await call('POST', '/tds/26as', { fy: '2026-27', text });
    expect(res.statusCode, res.body).toBe(200);
    const report: TdsReport = res.json().data;
    expect(report.rows[0]).toMatchObject({ tan: 'MUMS12345A', deducted: 20_000_00, reported: 20_000_00 });
    expect(report.unmatched).toEqual([{ tan: 'PNEK54321B', deductorName: 'KAPOOR HOLDINGS', quarter: '2026-27 Q2', deducted: 1_000_00 }]);
    expect(report.problems).toEqual([]);
  });
});

describe('Form 26AS as a file (decision 383)', () => {
  const sample = readFileSync(new URL('../../../tests/fixtures/form-26as-sample.txt', import.meta.url));
  const upload = (file: Buffer, filename: string, fy = '2026-27') => postMultipart(api, '/api/tds/26as/file', [{ name: 'fy', value: fy }, { name: 'file', file, filename, type: 'text/plain' }], token);

  it('reads the uploaded TRACES text as the pasted text is read: the same report', async () => {
    const pasted = (await call('POST', '/tds/26as', { fy: '2026-27', text: sample.toString('utf8') })).json().data;
    const res = await upload(sample, '26AS-AAKFS1234M-2027.txt');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(pasted);
    expect(res.json().data.rows[0]).toMatchObject({ tan: 'MUMS12345A', reported: 20_000_00 });
    // With a byte-order mark and Windows line ends, as a file saved again in Notepad.
    const again = await upload(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sample.toString('utf8').replace(/\n/g, '\r\n'))]), '26as.txt');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.rows[0]).toMatchObject({ reported: 20_000_00 });
  });

  it('answers 400 with what to do for a wrong file: a PDF, the ZIP as downloaded, binary bytes, text with no TDS; 413 above 1 MB', async () => {
    const cases: Array<[Buffer, string, string]> = [
      [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1'), '26as.pdf', TDS_MESSAGES.fileWrongType('pdf')],
      [Buffer.from('504b0304140000000800000000000000000000000000000000000800000032364153', 'hex'), '26as.zip', TDS_MESSAGES.zipUnreadable],
      [Buffer.from([0x41, 0x00, 0x42, 0x01, 0x02]), 'data.bin', TDS_MESSAGES.fileNotText],
    ];
    for (const [file, filename, message] of cases) {
      const res = await upload(file, filename);
      expect(res.statusCode, `${filename}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ message, details: [{ path: 'file', message }] });
    }
    const notes = await upload(Buffer.from('Shopping list\nmilk\n'), 'notes.txt');
    expect(notes.statusCode).toBe(400);
    // The parser's own first problem, on the file field.
    expect(notes.json()).toMatchObject({ message: 'The CSV has no TAN, date, amount paid and TDS deducted columns', details: [{ path: 'file' }] });
    expect((await upload(sample, '26as.txt', '2026-28')).statusCode).toBe(400);
    const none = await postMultipart(api, '/api/tds/26as/file', [{ name: 'fy', value: '2026-27' }], token);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(TDS_MESSAGES.fileRequired);
    const large = await upload(Buffer.alloc(1024 * 1024 + 10, 'a'), 'big.txt');
    expect(large.statusCode).toBe(413);
  });

  it('reads the text inside the ZIP TRACES gives; a password-protected ZIP answers 400 saying to unzip it first (decision 401)', async () => {
    const zipped = await upload(zipArchive([{ name: 'AAKFS1234M-2027.txt', data: sample }]), '26AS-AAKFS1234M-2027.zip');
    expect(zipped.statusCode, zipped.body).toBe(200);
    const pasted = (await call('POST', '/tds/26as', { fy: '2026-27', text: sample.toString('utf8') })).json().data;
    expect(zipped.json().data).toEqual(pasted);
    // Stored (not deflated), with the folder and resource fork a ZIP made again on a Mac carries.
    const remade = zipArchive([{ name: '26AS/', data: '' }, { name: '26AS/26as.txt', data: sample, deflate: false }, { name: '__MACOSX/26AS/._26as.txt', data: 'x' }]);
    expect((await upload(remade, '26as.zip')).json().data).toEqual(pasted);

    const cases: Array<[Buffer, string]> = [
      [zipArchive([{ name: '26as.txt', data: sample, encrypted: true }]), TDS_MESSAGES.fileZip],
      [zipArchive([]), TDS_MESSAGES.zipEmpty],
      [zipArchive([{ name: 'a.txt', data: sample }, { name: 'b.txt', data: sample }]), TDS_MESSAGES.zipSeveral],
      // 2 MB of spaces deflate to a few KB: refused, never inflated into the heap.
      [zipArchive([{ name: 'big.txt', data: Buffer.alloc(2 * 1024 * 1024, ' ') }]), TDS_MESSAGES.zipTooLarge],
      [zipArchive([{ name: 'photo.txt', data: Buffer.from([0x41, 0x00, 0x01]) }]), TDS_MESSAGES.fileNotText],
    ];
    for (const [file, message] of cases) {
      const res = await upload(file, '26as.zip');
      expect(res.statusCode, `${message}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ message, details: [{ path: 'file', message }] });
    }
    expect(TDS_MESSAGES.fileZip).toMatch(/password.*unzip it first/);
  });

  it('statementText: UTF-8 without its mark, Latin-1 when not UTF-8, null for binary', () => {
    expect(statementText(Buffer.from([0xef, 0xbb, 0xbf, 0x41]))).toBe('A');
    expect(statementText(Buffer.from([0x53, 0xe9, 0x0a]))).toBe('Sé\n');
    expect(statementText(Buffer.from([0x41, 0x00]))).toBeNull();
  });
});
