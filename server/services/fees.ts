import type { SellerProfile } from '../contract/billing.js';
import { DEFAULT_TIME_ZONE } from '../contract/dates.js';
import { ARCHITECTURE_GST_BP, COST_KIND_LABELS, FEE_MESSAGES as M, sacFor, type CostKind, type FeeAgreement, type FeeBasis, type WorkKind } from '../contract/fees.js';
import { formatPaise } from '../contract/money-text.js';
import type { Database } from '../db/connection.js';
import { conflict } from '../errors.js';
import { outstandingOf } from '../money/balance.js';
import { costForStage, creditableTaxable, stageFigure, totalFee, type CostEntry, type FeeTerms, type StageFigure } from '../money/fees.js';
import { taxOn } from '../money/gst.js';
import { supplyKind } from '../money/totals.js';
import { recordAudit } from '../queries/audit.js';
import { billedUnder, costsOf, documentsOf, insertStageDocument, lockAgreement, stagesOf, type FeeAgreementRow, type FeeCostRow, type FeeStageRow } from '../queries/fees.js';
import { findContactOfFirm, insertInvoice } from '../queries/invoice-writes.js';
import { priceLines } from './invoice-drafts.js';
import { issueCreditNote, placeOfSupply, type Actor } from './invoices.js';
import { wholeQuantity } from '../contract/quantity.js';

/**
 * Stage billing of a fee agreement (docs/decisions/427): the latest reached stage offers its
 * invoice, fee on its cost × cumulative share less everything billed. A positive figure is a draft
 * through the invoices' own path (the firm checks and issues it); a negative one is credit notes
 * against the stage invoices, newest first, through the credit notes' own path.
 */

const termsOf = (a: FeeAgreementRow): FeeTerms => ({ basis: a.basis as FeeBasis, rateMilli: a.rateMilli, lumpSum: a.lumpSum, documentationCharge: a.documentationCharge, billCheckingCharge: a.billCheckingCharge });
const costEntries = (costs: FeeCostRow[]): CostEntry[] => costs.map((c, position) => ({ kind: c.kind as CostKind, amount: c.amount, recordedOn: c.recordedOn, position }));

/** The stage billing would bill now: the reached stage furthest down the schedule. */
const latestReached = (stages: FeeStageRow[]) => stages.filter((s) => s.reachedOn !== null).at(-1);

type Offer = { stage: FeeStageRow; figure: StageFigure | null; refusal: string | null };

function offerFor(agreement: FeeAgreementRow, stages: FeeStageRow[], costs: CostEntry[], billed: number, draftNumber: string | null): Offer | null {
  const stage = latestReached(stages);
  if (!stage) return null;
  if (agreement.basis === 'hourly') return { stage, figure: null, refusal: M.hourlyByTime };
  const cost = costForStage(costs, stage.costBasis as CostKind);
  if (agreement.basis === 'percentage' && !cost) return { stage, figure: null, refusal: M.noCost(COST_KIND_LABELS[stage.costBasis as CostKind]) };
  const figure = stageFigure(termsOf(agreement), { ...stage, costBasis: stage.costBasis as CostKind }, cost, billed);
  if (draftNumber !== null) return { stage, figure, refusal: M.draftPending(draftNumber) };
  if (figure.amount === 0) return { stage, figure, refusal: M.nothingToBill };
  return { stage, figure, refusal: null };
}

async function agreementState(db: Database, agreement: FeeAgreementRow) {
  // One after the other: inside a transaction its one connection answers one statement at a time.
  const stages = await stagesOf(db, agreement.id);
  const costs = await costsOf(db, agreement.id);
  const documents = await documentsOf(db, agreement.id);
  const billed = await billedUnder(db, agreement.id);
  const draft = documents.find((d) => d.invoice.status === 'draft');
  const entries = costEntries(costs);
  return { stages, costs, documents, billed, entries, offer: offerFor(agreement, stages, entries, billed, draft ? draft.invoice.number ?? 'a draft' : null) };
}

export async function feeAgreementJson(db: Database, agreement: FeeAgreementRow): Promise<FeeAgreement> {
  const { stages, costs, documents, billed, entries, offer } = await agreementState(db, agreement);
  const latest = costForStage(entries, 'tender') ?? costForStage(entries, 'actual');
  const actual = costForStage(entries, 'actual');
  const basisCost = actual ?? latest;
  return {
    id: agreement.id,
    projectId: agreement.projectId,
    basis: agreement.basis as FeeBasis,
    workKind: agreement.workKind as WorkKind,
    sac: sacFor(agreement.workKind as WorkKind),
    rateMilli: agreement.rateMilli,
    lumpSum: agreement.lumpSum,
    hourlyRate: agreement.hourlyRate,
    hourlyCap: agreement.hourlyCap,
    documentationCharge: agreement.documentationCharge,
    billCheckingCharge: agreement.billCheckingCharge,
    contactId: agreement.contactId,
    stages: stages.map((s) => ({ id: s.id, position: s.position, name: s.name, shareBp: s.shareBp, costBasis: s.costBasis as CostKind, minimum: s.minimum, reachedOn: s.reachedOn })),
    costs: costs.map((c) => ({ id: c.id, kind: c.kind as CostKind, amount: c.amount, recordedOn: c.recordedOn, note: c.note })),
    documents: documents.map((d) => ({ invoiceId: d.invoiceId, stageId: d.stageId, kind: d.invoice.kind as 'invoice' | 'credit-note', number: d.invoice.number, status: d.invoice.status, taxable: d.invoice.taxable, total: d.invoice.total, createdAt: d.createdAt.toISOString() })),
    billed,
    fee: agreement.basis === 'lump_sum' ? agreement.lumpSum : agreement.basis === 'percentage' && basisCost ? totalFee(termsOf(agreement), basisCost.amount) : null,
    offer: offer && { stageId: offer.stage.id, amount: offer.figure?.amount ?? 0, description: offer.figure?.description ?? '', refusal: offer.refusal },
  };
}

export type BillResult = { kind: 'invoice' | 'credit-note'; invoiceIds: string[]; numbers: string[] };

/**
 * Bills the stage `stageId` (it must be the latest reached): inside the caller's transaction, the
 * agreement's row locked so two people billing at once bill one after the other.
 */
export async function billStage(tx: Database, actor: Actor, agreementId: string, stageId: string, profile: SellerProfile, now = new Date(), timeZone = DEFAULT_TIME_ZONE): Promise<BillResult> {
  const agreement = await lockAgreement(tx, agreementId);
  const { offer, documents } = await agreementState(tx, agreement);
  if (!offer || offer.stage.id !== stageId) throw conflict(M.notReached);
  if (offer.refusal || !offer.figure) throw conflict(offer.refusal ?? M.nothingToBill);
  const contact = agreement.contactId ? await findContactOfFirm(tx, actor.firmId, agreement.contactId) : undefined;
  if (!contact?.isClient) throw conflict(M.clientRequired);
  const { figure, stage } = offer;
  const figures = { cost: figure.cost?.amount ?? 0, costKind: figure.cost?.kind ?? null, rateMilli: agreement.rateMilli, shareBp: stage.shareBp, due: figure.due, billed: figure.billed, amount: figure.amount };
  const audit = (action: string, targetId: string, details: Record<string, unknown>) => recordAudit(tx, { actorId: actor.id, firmId: actor.firmId, action, targetType: 'fee-agreement', targetId, details });

  if (figure.amount > 0) {
    const supply = supplyKind(profile.state, contact.state);
    const { stored, totals } = priceLines([{ description: figure.description, hsnSac: sacFor(agreement.workKind as WorkKind), unit: 'NA', sourceItemId: null, input: { quantityMilli: wholeQuantity(1), unitPrice: figure.amount, discount: 0, rateBp: ARCHITECTURE_GST_BP } }], supply);
    const invoice = await insertInvoice(
      tx,
      { issuerId: actor.firmId, firmId: actor.firmId, kind: 'invoice', contactId: contact.id, projectId: agreement.projectId, status: 'draft', supply, placeOfSupply: placeOfSupply(contact.state), notes: '', reminderDays: null, createdBy: actor.id },
      totals,
      stored,
    );
    await insertStageDocument(tx, { agreementId, stageId, invoiceId: invoice.id, figures });
    await audit('fee.stage-invoiced', agreementId, { stage: stage.name, invoiceId: invoice.id, amount: figure.amount });
    return { kind: 'invoice', invoiceIds: [invoice.id], numbers: [] };
  }

  // A true-up: credit notes against the stage invoices, newest first, each at most what it owes.
  let remaining = -figure.amount;
  const invoiceIds: string[] = [];
  const numbers: string[] = [];
  for (const doc of documents) {
    if (remaining === 0) break;
    const inv = doc.invoice;
    if (inv.kind !== 'invoice' || (inv.status !== 'issued' && inv.status !== 'part_paid')) continue;
    const amount = Math.min(remaining, creditableTaxable(outstandingOf(inv), ARCHITECTURE_GST_BP, taxOn));
    if (amount <= 0) continue;
    const note = await issueCreditNote(tx, actor.id, actor.firmId, inv.id, { amount, rateBp: ARCHITECTURE_GST_BP, reason: figure.description }, now, timeZone);
    await insertStageDocument(tx, { agreementId, stageId, invoiceId: note.id, figures: { ...figures, amount: -amount } });
    invoiceIds.push(note.id);
    numbers.push(note.number ?? '');
    remaining -= amount;
  }
  if (remaining > 0) throw conflict(M.creditTooLarge(formatPaise(remaining)));
  await audit('fee.stage-credited', agreementId, { stage: stage.name, creditNotes: numbers, amount: figure.amount });
  return { kind: 'credit-note', invoiceIds, numbers };
}
