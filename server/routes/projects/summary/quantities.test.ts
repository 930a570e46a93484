import { eq } from 'drizzle-orm';
import { summaryItems } from '../../../db/schema';
import { describe, expect, it } from 'vitest';
import { addItem, addRoom, addSection, must, readSummary } from '../../../../tests/helpers/summary';
import { bearer, messagesByPath } from '../../../../tests/helpers/test-api';
import type { Invoice } from '../../../contract/invoices';
import { SUMMARY_MESSAGES, type SummaryItemJson } from '../../../contract/summary';
import { createBillingProfile } from '../../../seed/billing';
import { createContact } from '../../../seed/chat-book';
import { api, call, firm, newSchedule, setUpSummaryApi, token } from '../../../../tests/helpers/summary-api';

/**
 * Fractional quantities in the summary and financial editor (decision 403): an item's quantity is
 * kept exactly in thousandths with its UQC unit, its figures follow, an invoice made from its
 * section carries them (12.5 MTR, not whole NOS), and the release before still reads and writes
 * whole units in the old column during a rolling upgrade.
 */

setUpSummaryApi();

const itemOf = async (scheduleId: string, id: string) => (await readSummary(api, token, scheduleId)).rooms.flatMap((r) => r.sections.flatMap((s) => s.items)).find((i) => i.id === id)!;

/** A section of two products: linen fabric and Kota stone, in a room of a new schedule. */
async function fabricAndStone() {
  const { projectId, scheduleId } = await newSchedule();
  const room = await addRoom(api, token, scheduleId, 'Living');
  const sectionId = await addSection(api, token, room, 'Soft furnishing');
  const fabric = await addItem(api, token, sectionId, 'product');
  const stone = await addItem(api, token, sectionId, 'product');
  return { projectId, scheduleId, sectionId, fabric, stone };
}

describe('fractional quantities in the summary editor (decision 403)', () => {
  it('takes 12.5 MTR on one item and 3.25 SQM through Save all, kept exactly; the figures worked by hand', async () => {
    const { scheduleId, fabric, stone } = await fabricAndStone();
    const first = await itemOf(scheduleId, fabric);
    // 12.5 m at ₹1,200.99 less 10 %, trade ₹800.55.
    const saved = await call('PUT', `/api/projects/summary/items/${fabric}`, { version: first.version, title: 'Linen curtain fabric', retailPrice: 1_20_099, tradePrice: 80_055, discountBp: 1000, quantity: '12.5', unit: 'mtr' });
    expect(saved.statusCode, saved.body).toBe(200);
    const item: SummaryItemJson = saved.json().data;
    // Client price: 12.5 × 1,20,099 = 15,01,237.5 paise, less 10 % = 13,51,113.75 → ₹13,511.14.
    // Trade cost: 12.5 × 80,055 = 10,00,687.5 → ₹10,006.88; profit ₹3,504.26; markup 35.02 %.
    expect(item).toMatchObject({ quantity: '12.5', unit: 'MTR', figures: { clientPrice: 13_51_114, tradeCost: 10_00_688, netProfit: 3_50_426, markup: 35.02 } });

    const second = await itemOf(scheduleId, stone);
    // A number is read as units too: 3.25 sq m of stone at ₹2,999.99, no discount.
    const all = await call('PUT', `/api/projects/summary/${scheduleId}/items`, { items: [{ id: stone, version: second.version, title: 'Kota stone', retailPrice: 2_99_999, tradePrice: 2_00_000, quantity: 3.25, unit: 'SQM' }] });
    expect(all.statusCode, all.body).toBe(200);
    const summary = await readSummary(api, token, scheduleId);
    const read = summary.rooms[0]!.sections[0]!.items;
    // 3.25 × 2,99,999 = 9,74,996.75 → ₹9,749.97; trade 3.25 × 2,00,000 = ₹6,500.00.
    expect(read.map((i) => [i.quantity, i.unit, i.figures.clientPrice, i.figures.tradeCost])).toEqual([
      ['12.5', 'MTR', 13_51_114, 10_00_688],
      ['3.25', 'SQM', 9_74_997, 6_50_000],
    ]);
    expect(summary.totals).toMatchObject({ clientPrice: 13_51_114 + 9_74_997, tradeCost: 10_00_688 + 6_50_000 });
  });

  it('refuses a fourth decimal, a negative or text quantity, too many units and an unknown unit with 400; a stale version with 409', async () => {
    const { scheduleId, fabric } = await fabricAndStone();
    const { version } = await itemOf(scheduleId, fabric);
    for (const quantity of ['1.2345', '-1', 'twelve', '1e3', 100_001]) {
      const res = await call('PUT', `/api/projects/summary/items/${fabric}`, { version, quantity });
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(messagesByPath(res).quantity).toBe(SUMMARY_MESSAGES.quantityRange);
    }
    const unit = await call('PUT', `/api/projects/summary/items/${fabric}`, { version, unit: 'LENGTHS' });
    expect(unit.statusCode).toBe(400);
    expect(messagesByPath(unit).unit).toBe(SUMMARY_MESSAGES.unit);
    // Concurrent edits: the second change named the version both read.
    expect((await call('PUT', `/api/projects/summary/items/${fabric}`, { version, quantity: '2.5' })).statusCode).toBe(200);
    const stale = await call('PUT', `/api/projects/summary/items/${fabric}`, { version, quantity: '7.75' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ quantity: '2.5' });
    expect((await itemOf(scheduleId, fabric)).quantity).toBe('2.5');
  });

  it('an invoice made from the section carries 12.5 MTR and 3.25 SQM, its totals worked by hand', async () => {
    await createBillingProfile(api.db, firm.id, { invoicePrefix: 'QTY' }).catch(() => undefined);
    const { scheduleId, sectionId, fabric, stone } = await fabricAndStone();
    for (const [id, changes] of [
      [fabric, { title: 'Linen curtain fabric', retailPrice: 1_20_099, discountBp: 1000, quantity: '12.5', unit: 'MTR' }],
      [stone, { title: 'Kota stone', retailPrice: 2_99_999, quantity: '3.25', unit: 'SQM' }],
    ] as const) {
      const { version } = await itemOf(scheduleId, id);
      expect((await call('PUT', `/api/projects/summary/items/${id}`, { version, ...changes })).statusCode).toBe(200);
    }
    const section = (await readSummary(api, token, scheduleId)).rooms[0]!.sections[0]!;
    await must(api, token, { method: 'PUT', url: `/api/projects/summary/sections/${sectionId}`, payload: { status: 'approved', version: section.version } });
    const client = await createContact(api.db, firm.id, { name: 'Asha Rao', state: 'Maharashtra' });
    const res = await api.app.inject({ method: 'POST', url: '/api/invoices', headers: bearer(token), payload: { contactId: client.id, scheduleId, sectionIds: [sectionId] } });
    expect(res.statusCode, res.body).toBe(201);
    const invoice: Invoice = res.json().data;
    // Gross: 12.5 × ₹1,200.99 = ₹15,012.375 → ₹15,012.38, less the summary's discount to its client
    // price ₹13,511.14 (₹1,501.24); 3.25 × ₹2,999.99 = ₹9,749.9675 → ₹9,749.97. GST 18 % (the
    // profile's products), CGST and SGST 9 % each on each line: ₹1,216.00 (1,216.0026) and ₹877.50 (877.4973).
    expect(invoice.lines.map((l) => [l.quantity, l.unit, l.unitPrice, l.discount, l.taxable, l.cgst, l.sgst])).toEqual([
      ['12.5', 'MTR', 1_20_099, 1_50_124, 13_51_114, 1_21_600, 1_21_600],
      ['3.25', 'SQM', 2_99_999, 0, 9_74_997, 87_750, 87_750],
    ]);
    expect(invoice).toMatchObject({ taxable: 23_26_111, cgst: 2_09_350, sgst: 2_09_350, total: 23_26_111 + 4_18_700 });
  });

  it('expand, then contract: the release before reads the nearest whole unit and its writes of whole units reach the new column', async () => {
    const { scheduleId, sectionId, fabric } = await fabricAndStone();
    const { version } = await itemOf(scheduleId, fabric);
    await call('PUT', `/api/projects/summary/items/${fabric}`, { version, quantity: '12.5', unit: 'MTR' });
    const column = async (id: string) => (await api.db.select({ quantity: summaryItems.legacyQuantity, milli: summaryItems.quantityMilli }).from(summaryItems).where(eq(summaryItems.id, id)))[0]!;
    expect(await column(fabric)).toEqual({ quantity: 13, milli: 12_500 });
    // The release before changes the whole units only.
    await api.db.update(summaryItems).set({ legacyQuantity: 4 }).where(eq(summaryItems.id, fabric));
    expect(await column(fabric)).toEqual({ quantity: 4, milli: 4000 });
    expect((await itemOf(scheduleId, fabric)).quantity).toBe('4');
    // …and adds an item with whole units, never naming the new column (its default stands).
    await api.db.insert(summaryItems).values({ id: '0123456789abcdef01234567', scheduleId, firmId: firm.id, sectionId, type: 'product', position: 9, title: 'Old release', legacyQuantity: 2 });
    expect(await column('0123456789abcdef01234567')).toEqual({ quantity: 2, milli: 2000 });
  });
});
