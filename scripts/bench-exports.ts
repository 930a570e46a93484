/**
 * The accounting exports at a year's size (docs/decisions/405, 406), a part of `npm run bench`
 * (BENCH_ONLY=exports), PostgreSQL's run: 10,000 invoices of the demo firm over the financial year
 * 2025-26 (a third to registered clients, some B2C large, half of them paid), put in with SQL, then
 * the year's four quarterly GSTR-1 files and its Tally file downloaded from the api and read to the
 * end. Reported: time and size of each, and the api's resident memory before and at its peak while
 * they stream (goal: a few seconds each, memory flat: the peak no more than ~60 MB above idle).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';

const INVOICES = Number(process.env.BENCH_EXPORT_INVOICES ?? 10_000);
const FIRM_EMAIL = 'studio@demo.test';

type Product = { databaseUrl: string | null; apiUrl: string; api: ChildProcess; signIn: (email: string) => Promise<{ bearer: Record<string, string> }> };

const rssMb = (child: ChildProcess) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** `count` issued invoices of `firmId` with one 18 % line each, spread over 2025-26, and a payment for every second one. */
async function seedInvoices(databaseUrl: string, firmId: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('begin');
  // g % 3 = 0: a registered client in Karnataka (B2B, IGST); g % 7 = 1: an unregistered one there above ₹1,00,000 (B2C large); else a consumer in Maharashtra (B2C small).
  await client.query(
    `insert into invoices (id, issuer_id, firm_id, kind, status, number, supply, place_of_supply, seller, buyer, issue_date, due_date, taxable, cgst, sgst, igst, total, received)
     select substr(md5('bench-inv' || g), 1, 24), $1, $1, 'invoice', case when g % 2 = 0 then 'paid' else 'issued' end,
            'BEN/25-26/' || lpad(g::text, 5, '0'),
            case when g % 3 = 0 or g % 7 = 1 then 'inter' else 'intra' end,
            case when g % 3 = 0 or g % 7 = 1 then 'Karnataka' else 'Maharashtra' end,
            '{"legalName":"Mehta Studio Architects LLP","address":"Pune","state":"Maharashtra","gstin":"27AAMFM4821K1Z8","email":"studio@demo.test"}'::jsonb,
            jsonb_build_object('legalName', 'Bench Client ' || (g % 400), 'address', 'Somewhere', 'email', 'c@example.test',
                               'state', case when g % 3 = 0 or g % 7 = 1 then 'Karnataka' else 'Maharashtra' end,
                               'gstin', case when g % 3 = 0 then '29AABCT1332L1ZU' else '' end),
            date '2025-04-01' + (g % 365), date '2025-04-16' + (g % 365),
            t.taxable,
            case when g % 3 = 0 or g % 7 = 1 then 0 else t.taxable * 9 / 100 end,
            case when g % 3 = 0 or g % 7 = 1 then 0 else t.taxable * 9 / 100 end,
            case when g % 3 = 0 or g % 7 = 1 then t.taxable * 18 / 100 else 0 end,
            t.taxable * 118 / 100,
            case when g % 2 = 0 then t.taxable * 118 / 100 else 0 end
     from generate_series(1, $2::int) g, lateral (select (case when g % 7 = 1 then 150000 else 20000 end + g % 1000) * 100 as taxable) t`,
    [firmId, count],
  );
  await client.query(
    `insert into invoice_lines (id, invoice_id, position, description, hsn_sac, quantity, unit_price, discount, rate_bp, taxable, cgst, sgst, igst, total)
     select substr(md5('bench-line' || i.id), 1, 24), i.id, 0, 'Interior design services', '998391', 1, i.taxable, 0, 1800, i.taxable, i.cgst, i.sgst, i.igst, i.total
     from invoices i where i.issuer_id = $1 and i.number like 'BEN/%'`,
    [firmId],
  );
  await client.query(
    `insert into invoice_payments (id, invoice_id, paid_on, amount, method, reference, receipt_number)
     select substr(md5('bench-pay' || i.id), 1, 24), i.id, i.issue_date + 10, i.total, 'bank_transfer', 'NEFT', 'BRC/25-26/' || substr(i.number, 11)
     from invoices i where i.issuer_id = $1 and i.number like 'BEN/%' and i.status = 'paid'`,
    [firmId],
  );
  await client.query('commit');
  await client.query('vacuum analyze invoices, invoice_lines, invoice_payments');
  await client.end();
}

/** Downloads `url` to the end, sampling the api's memory meanwhile. */
async function download(p: Product, url: string, bearer: Record<string, string>) {
  let peak = rssMb(p.api);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(p.api))), 50);
  const started = performance.now();
  const res = await fetch(`${p.apiUrl}${url}`, { headers: bearer });
  let bytes = 0;
  const reader = res.body!.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length;
  const ms = performance.now() - started;
  clearInterval(sampler);
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return { ms, bytes, peak };
}

export async function benchExports(p: Product): Promise<string[]> {
  if (!p.databaseUrl) return [];
  const { bearer } = await p.signIn(FIRM_EMAIL);
  const me = (await (await fetch(`${p.apiUrl}/api/users/me`, { headers: bearer })).json()) as { data: { id: string } };
  const seeded = performance.now();
  await seedInvoices(p.databaseUrl, me.data.id, INVOICES);
  const lines = [`Accounting exports of a year of ${INVOICES} invoices (seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s; goal: a few seconds each, memory flat):`];
  const idle = rssMb(p.api);
  lines.push(`  api resident memory before: ${idle.toFixed(0)} MB`);
  const files: Array<[string, string]> = [
    ...['2025-Q1', '2025-Q2', '2025-Q3', '2025-Q4'].map((q): [string, string] => [`GSTR-1 ${q} (JSON)`, `/api/accounting-exports/gstr1/json?period=${q}`]),
    ['GSTR-1 2025-Q3 B2B (CSV)', '/api/accounting-exports/gstr1/csv/b2b?period=2025-Q3'],
    ['Tally XML, 2025-26', '/api/accounting-exports/tally?from=2025-04-01&to=2026-03-31'],
    ['Zoho Books invoices, 2025-26', '/api/accounting-exports/zoho/invoices?from=2025-04-01&to=2026-03-31'],
  ];
  let total = 0;
  for (const [name, url] of files) {
    const r = await download(p, url, bearer);
    total += r.ms;
    lines.push(`  ${name.padEnd(32)}${(r.ms / 1000).toFixed(2).padStart(6)} s ${(r.bytes / 1024 / 1024).toFixed(1).padStart(6)} MB   api peak ${r.peak.toFixed(0)} MB (+${(r.peak - idle).toFixed(0)})`);
  }
  lines.push(`  the year's four GSTR-1 files and its Tally file, in all: ${(total / 1000).toFixed(1)} s`);
  return lines;
}
