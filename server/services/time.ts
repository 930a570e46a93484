import type { SellerProfile } from '../contract/billing.js';
import { ARCHITECTURE_GST_BP, serviceSacOf, type WorkKind } from '../contract/fees-rules.js';
import { formatCalendarDay } from '../contract/dates.js';
import { formatPaise } from '../contract/money-text.js';
import { wholeQuantity } from '../contract/quantity.js';
import { formatMinutes, TIME_MESSAGES as M, timeValue, type GroupBy } from '../contract/time-rules.js';
import type { Database } from '../db/connection.js';
import { conflict } from '../errors.js';
import { supplyKind } from '../money/totals.js';
import { recordAudit } from '../queries/audit.js';
import { findAgreement } from '../queries/fees.js';
import { findContactOfFirm, insertInvoice } from '../queries/invoice-writes.js';
import { insertTimeBilling, markBilled, timeBilledOn, unbilledTime } from '../queries/time.js';
import { priceLines, type DraftLine } from './invoice-drafts.js';
import { placeOfSupply, type Actor } from './invoices.js';

/**
 * Billing approved time (docs/decisions/372): each person's minutes are summed per rate and valued
 * once (`timeValue`), so a line is exactly hours × rate to the paisa whatever the entries were.
 * Time is a service: a line is quantity 1 of unit NA at the value, its description saying the
 * hours and the rate (GST has no unit of time).
 */

type Unbilled = Awaited<ReturnType<typeof unbilledTime>>[number];
/** A person's minutes at one rate. */
export type TimeShare = { userId: string; person: string; minutes: number; rate: number | null; amount: number | null };

/** The rate an entry is billed at: the person's bill rate frozen at approval, else the agreement's hourly rate. */
const rateOf = (entry: Unbilled, hourlyRate: number) => (entry.billRate && entry.billRate > 0 ? entry.billRate : hourlyRate > 0 ? hourlyRate : null);

/** The entries' minutes summed per person and rate, each valued once; amount null where no rate is known. */
export function sharesOf(entries: Unbilled[], hourlyRate: number): TimeShare[] {
  const byKey = new Map<string, TimeShare>();
  for (const entry of entries) {
    const rate = rateOf(entry, hourlyRate);
    const key = `${entry.userId}:${rate ?? ''}`;
    const share = byKey.get(key) ?? { userId: entry.userId, person: entry.person, minutes: 0, rate, amount: null };
    share.minutes += entry.minutes;
    byKey.set(key, share);
  }
  return [...byKey.values()].map((s) => ({ ...s, amount: s.rate === null ? null : timeValue(s.minutes, s.rate) }));
}

const span = (entries: Unbilled[]) => {
  const days = entries.map((e) => e.workDate).sort();
  const first = formatCalendarDay(days[0]!);
  const last = formatCalendarDay(days.at(-1)!);
  return first === last ? first : `${first} to ${last}`;
};
const sharePhrase = (s: TimeShare) => `${s.person} ${formatMinutes(s.minutes)} h at ${formatPaise(s.rate!)} an hour`;

/** The invoice's lines: one per person (and rate) or one per stage, each saying how it was reached. */
export function timeLines(entries: Unbilled[], groupBy: GroupBy, hourlyRate: number, sac: string): DraftLine[] {
  const line = (description: string, amount: number): DraftLine => ({ description, hsnSac: sac, unit: 'NA', sourceItemId: null, input: { quantityMilli: wholeQuantity(1), unitPrice: amount, discount: 0, rateBp: ARCHITECTURE_GST_BP } });
  if (groupBy === 'person') return sharesOf(entries, hourlyRate).map((s) => line(`Professional time: ${sharePhrase(s)} (${span(entries.filter((e) => e.userId === s.userId))})`, s.amount!));
  const stages = new Map<string, Unbilled[]>();
  for (const entry of entries) stages.set(entry.stageId ?? '', [...(stages.get(entry.stageId ?? '') ?? []), entry]);
  return [...stages.values()].map((group) => {
    const shares = sharesOf(group, hourlyRate);
    const minutes = shares.reduce((sum, s) => sum + s.minutes, 0);
    const name = group[0]!.stageName ?? 'outside the stages';
    return line(`Professional time, ${name}: ${formatMinutes(minutes)} h (${shares.map(sharePhrase).join('; ')}; ${span(group)})`, shares.reduce((sum, s) => sum + s.amount!, 0));
  });
}

/** What the page shows of billing: the time ready, what it is worth, the cap and its warning. */
export async function billingState(db: Database, firmId: string, projectId: string) {
  const agreement = await findAgreement(db, firmId, projectId);
  const hourlyRate = agreement?.basis === 'hourly' ? agreement.hourlyRate : 0;
  const entries = await unbilledTime(db, projectId);
  const ready = sharesOf(entries, hourlyRate);
  const readyAmount = ready.reduce((sum, s) => sum + (s.amount ?? 0), 0);
  const billedAmount = await timeBilledOn(db, projectId);
  const cap = agreement?.basis === 'hourly' ? agreement.hourlyCap : null;
  return { agreement, hourlyRate, entries, ready, readyAmount, readyMinutes: ready.reduce((sum, s) => sum + s.minutes, 0), billedAmount, cap, capWarning: capWarning(cap, billedAmount, readyAmount) };
}

/** Warned at 80 % of the cap, and before billing would pass it (docs/decisions/372). */
export function capWarning(cap: number | null, billed: number, ready: number): string | null {
  if (cap === null) return null;
  if (billed + ready > cap) return `Billing the time ready (${formatPaise(ready)}) would take the time billed to ${formatPaise(billed + ready)}, above the agreed cap of ${formatPaise(cap)}`;
  if ((billed + ready) * 5 >= cap * 4) return `The time billed and ready (${formatPaise(billed + ready)}) is at least 80 % of the agreed cap of ${formatPaise(cap)}`;
  return null;
}

/**
 * Bills a project's approved billable time not yet billed, inside the caller's transaction: the
 * entries are locked (two managers billing at once bill it once), the invoice is a draft of the
 * invoices' own path, and every entry billed names it.
 */
export async function billTime(
  tx: Database,
  actor: Actor & { firmType: string | null },
  projectId: string,
  body: { groupBy: GroupBy; contactId: string | null; aboveCap: boolean },
  profile: SellerProfile,
): Promise<{ invoiceId: string; minutes: number; amount: number }> {
  const agreement = await findAgreement(tx, actor.firmId, projectId);
  const hourlyRate = agreement?.basis === 'hourly' ? agreement.hourlyRate : 0;
  const entries = await unbilledTime(tx, projectId, true);
  if (!entries.length) throw conflict(M.nothingToBill);
  const unpriced = sharesOf(entries, hourlyRate).find((s) => s.amount === null);
  if (unpriced) throw conflict(M.noRate(unpriced.person));
  const contactId = body.contactId ?? agreement?.contactId ?? null;
  const contact = contactId ? await findContactOfFirm(tx, actor.firmId, contactId) : undefined;
  if (!contact?.isClient) throw conflict(contactId ? M.notAClient : M.clientRequired);
  const lines = timeLines(entries, body.groupBy, hourlyRate, serviceSacOf(actor.firmType, (agreement?.workKind as WorkKind | undefined) ?? null));
  const amount = lines.reduce((sum, l) => sum + l.input.unitPrice, 0);
  const cap = agreement?.basis === 'hourly' ? agreement.hourlyCap : null;
  const billed = await timeBilledOn(tx, projectId);
  if (cap !== null && billed + amount > cap && !body.aboveCap) throw conflict(M.capPassed(formatPaise(cap), formatPaise(billed + amount)));
  const supply = supplyKind(profile.state, contact.state);
  const { stored, totals } = priceLines(lines, supply);
  const invoice = await insertInvoice(
    tx,
    { issuerId: actor.firmId, firmId: actor.firmId, kind: 'invoice', contactId: contact.id, projectId, status: 'draft', supply, placeOfSupply: placeOfSupply(contact.state), notes: '', reminderDays: null, createdBy: actor.id },
    totals,
    stored,
  );
  const minutes = entries.reduce((sum, e) => sum + e.minutes, 0);
  await markBilled(
    tx,
    entries.map((e) => e.id),
    invoice.id,
  );
  await insertTimeBilling(tx, { firmId: actor.firmId, projectId, invoiceId: invoice.id, amount, minutes, createdBy: actor.id });
  await recordAudit(tx, { actorId: actor.id, firmId: actor.firmId, action: 'time.billed', targetType: 'invoice', targetId: invoice.id, details: { minutes, amount, groupBy: body.groupBy, entries: entries.length } });
  return { invoiceId: invoice.id, minutes, amount };
}
