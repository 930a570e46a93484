import { readFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { createBillingProfile } from '../server/seed/billing';
import { createContact } from '../server/seed/chat-book';
import { accessCases, expectAccess, type AccessContext, type AccessEndpoint, useAccessWorld } from './helpers/access-table';
import { bearer } from './helpers/test-api';
import { isoDay } from '../server/contract/dates';

/**
 * The invoice endpoints in the workspace access table (docs/decisions/280):
 * the firm and its sub-admins bill (firmManage to list and create, firmObjectManage on one
 * invoice: another firm's answers 404; the TDS report too); employees, with "Can see financials" or not, get 403.
 */

const access = useAccessWorld();
const line = { description: 'Design fee', unitPrice: 10_000_00, rateBp: 1800 };

/** A client of the firm (and the firm's billing profile, once); the foreign firm's own when it calls (it acts on its own firm). */
async function client(ctx: Omit<AccessContext, 'data'>, own = false) {
  const firm = own && ctx.role === 'foreignFirm' ? ctx.world.users.foreignFirm : ctx.world.users.firm;
  await createBillingProfile(ctx.world.api.db, firm.id).catch(() => undefined);
  return (await createContact(ctx.world.api.db, firm.id, { state: 'Maharashtra' })).id;
}

/** A draft (issued when `issue`) of the firm, made through the api as the firm. */
async function invoice(ctx: Omit<AccessContext, 'data'>, issue: boolean) {
  const { app } = ctx.world.api;
  const headers = bearer(ctx.world.tokens.firm);
  const contactId = await client(ctx);
  const made = await app.inject({ method: 'POST', url: '/api/invoices', headers, payload: { contactId, lines: [line] } });
  const data = made.json().data as { id: string; lines: Array<{ id: string }> };
  if (issue) await app.inject({ method: 'POST', url: `/api/invoices/${data.id}/issue`, headers, payload: { version: (made.json().data as { version: number }).version } });
  let paymentId = '';
  if (issue) {
    const paid = await app.inject({ method: 'POST', url: `/api/invoices/${data.id}/payments`, headers, payload: { paidOn: isoDay(new Date()), amount: 100, method: 'upi' } });
    paymentId = (paid.json().data as { payments: Array<{ id: string }> }).payments[0]!.id;
  }
  return { invoiceId: data.id, lineId: data.lines[0]!.id, paymentId };
}

const PDF = Buffer.from('%PDF-1.4\n%test\n').toString('base64');

const ENDPOINTS: AccessEndpoint[] = [
  { method: 'GET', kind: 'firmManage', url: () => '/api/invoices' },
  { method: 'POST', kind: 'firmManage', setup: async (ctx) => ({ contactId: await client(ctx, true) }), url: () => '/api/invoices', body: ({ data }) => ({ contactId: data.contactId, lines: [line] }) },
  { method: 'GET', kind: 'firmObjectManage', setup: (ctx) => invoice(ctx, false), url: ({ data }) => `/api/invoices/${data.invoiceId}` },
  { method: 'POST', kind: 'firmObjectManage', setup: (ctx) => invoice(ctx, false), url: ({ data }) => `/api/invoices/${data.invoiceId}/lines`, body: () => line },
  { method: 'DELETE', kind: 'firmObjectManage', setup: async (ctx) => {
      const made = await invoice(ctx, false);
      await ctx.world.api.app.inject({ method: 'POST', url: `/api/invoices/${made.invoiceId}/lines`, headers: bearer(ctx.world.tokens.firm), payload: line });
      return made;
    }, url: ({ data }) => `/api/invoices/${data.invoiceId}/lines/${data.lineId}` },
  { method: 'PATCH', kind: 'firmObjectManage', setup: (ctx) => invoice(ctx, false), url: ({ data }) => `/api/invoices/${data.invoiceId}/lines/${data.lineId}`, body: () => ({ version: 1, hsnSac: '998392', unit: 'NA', quantity: '2' }) },
  { method: 'POST', kind: 'firmObjectManage', setup: (ctx) => invoice(ctx, false), url: ({ data }) => `/api/invoices/${data.invoiceId}/issue`, body: () => ({ version: 1 }) },
  { method: 'POST', kind: 'firmObjectManage', setup: (ctx) => invoice(ctx, false), url: ({ data }) => `/api/invoices/${data.invoiceId}/void`, body: () => ({ reason: 'Raised twice' }) },
  { method: 'POST', kind: 'firmObjectManage', setup: (ctx) => invoice(ctx, true), url: ({ data }) => `/api/invoices/${data.invoiceId}/payments`, body: () => ({ paidOn: isoDay(new Date()), amount: 100, method: 'cash' }) },
  { method: 'POST', kind: 'firmObjectManage', setup: (ctx) => invoice(ctx, true), url: ({ data }) => `/api/invoices/${data.invoiceId}/credit-notes`, body: () => ({ reason: 'Discount', amount: 100, rateBp: 1800 }) },
  { method: 'GET', kind: 'firmObjectManage', setup: (ctx) => invoice(ctx, true), url: ({ data }) => `/api/invoices/${data.invoiceId}/print` },
  { method: 'GET', kind: 'firmObjectManage', setup: (ctx) => invoice(ctx, true), url: ({ data }) => `/api/invoices/${data.invoiceId}/payments/${data.paymentId}/receipt` },
  { method: 'POST', kind: 'firmObjectManage', setup: (ctx) => invoice(ctx, true), url: ({ data }) => `/api/invoices/${data.invoiceId}/mail`, body: () => ({ pdf: PDF }) },
  // TDS by client and quarter (docs/decisions/416): the firm's own, so another firm sees its own (empty) report.
  { method: 'GET', kind: 'firmManage', url: () => '/api/tds?fy=2026-27' },
  { method: 'POST', kind: 'firmManage', setup: async (ctx) => ({ contactId: await client(ctx, true), n: String(Math.random()).slice(2, 10) }), url: () => '/api/tds/certificates', body: ({ data }) => ({ contactId: data.contactId, quarter: '2026-27 Q1', number: `C${data.n}`, issuedOn: '2026-08-10', amount: 100 }) },
  { method: 'POST', kind: 'firmManage', url: () => '/api/tds/26as', body: () => ({ fy: '2026-27', text: 'File Creation Date^02-12-2026\n' }) },
  // The file itself (decision 383): a well-formed download without this firm's deductors still matches (an empty report).
  { method: 'POST', kind: 'firmManage', url: () => '/api/tds/26as/file', multipart: () => [{ name: 'fy', value: '2026-27' }, { name: 'file', file: readFileSync(new URL('./fixtures/form-26as-sample.txt', import.meta.url)), filename: '26as.txt', type: 'text/plain' }] },
];

describe('the invoices access table', () => {
  it.each(accessCases(ENDPOINTS))('%s', async (_name, endpoint, role) => {
    await expectAccess(access.world, endpoint, role);
  });
});
