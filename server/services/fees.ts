import type { SellerProfile } from '../contract/billing.js';
import { DEFAULT_TIME_ZONE } from '../contract/dates.js';
import { ARCHITECTURE_GST_BP, COST_KIND_LABELS, FEE_MESSAGES as M, sacFor, type CostKind, type FeeAgreement, type FeeBasis, type FeeProposalStatus, type WorkKind } from '../contract/fees.js';
import { formatPaise } from '../contract/money-text.js';
import type { Database } from '../db/connection.js';
import { conflict } from '../errors.js';
import { outstandingOf } from '../money/balance.js';
import { costForStage, creditableTaxable, stageFigure, totalFee, type CostEntry, type FeeTerms, type StageFigure } from '../money/fees.js';
import { taxOn } from '../money/gst.js';
import { supplyKind } from '../money/totals.js';
import { recordAudit } from '../queries/audit.js';
import { acceptedProposalOf, letterOf, proposalsOf, type FeeProposalRow, type FrozenFeeTerms } from '../queries/fee-proposals.js';
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

type TermsSource = Pick<FeeAgreementRow, 'basis' | 'rateMilli' | 'lumpSum' | 'documentationCharge' | 'billCheckingCharge'>;
const termsOf = (a: TermsSource): FeeTerms => ({ basis: a.basis as FeeBasis, rateMilli: a.rateMilli, lumpSum: a.lumpSum, documentationCharge: a.documentationCharge, billCheckingCharge: a.billCheckingCharge });

/** An agreement's figures (its rate or sum, hourly rate and cap, the COA charges), as every view of it carries them. */
export function feeFiguresOf(agreement: Pick<FeeAgreementRow, 'rateMilli' | 'lumpSum' | 'hourlyRate' | 'hourlyCap' | 'documentationCharge' | 'billCheckingCharge'>) {
  const { rateMilli, lumpSum, hourlyRate, hourlyCap, documentationCharge, billCheckingCharge } = agreement;
  return { rateMilli, lumpSum, hourlyRate, hourlyCap, documentationCharge, billCheckingCharge };
}

/** The terms and stages as they are, in the shape a fee proposal freezes them (docs/decisions/421). */
export function frozenTermsOf(agreement: FeeAgreementRow, stages: FeeStageRow[]): FrozenFeeTerms {
  return {
    basis: agreement.basis,
    workKind: agreement.workKind,
    ...feeFiguresOf(agreement),
    stages: stages.map((s) => ({ id: s.id, name: s.name, shareBp: s.shareBp, costBasis: s.costBasis, minimum: s.minimum })),
  };
}

/** JSON with its keys sorted: a jsonb column gives its keys back in its own order, not the one they were written in. */
export function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));
}

/** Whether two frozen terms differ in anything that changes a figure or a stage (docs/decisions/421). */
export const termsDiffer = (a: FrozenFeeTerms, b: FrozenFeeTerms) => sortedJson(a) !== sortedJson(b);

/**
 * What billing follows (docs/decisions/421): the accepted version's terms and stage figures once
 * the client accepted one, the agreement as it is before. The stages' reached days are the
 * agreement's own (a fact of the project, not a term); a stage added since the accepted version
 * bills only once the client accepts the version that has it.
 */
type InForce = { agreement: FeeAgreementRow; terms: FeeTerms; workKind: WorkKind; stageOf: (stage: FeeStageRow) => FeeStageRow | null };
function inForceOf(agreement: FeeAgreementRow, accepted: FeeProposalRow | undefined): InForce {
  if (!accepted) return { agreement, terms: termsOf(agreement), workKind: agreement.workKind as WorkKind, stageOf: (s) => s };
  const t = accepted.terms;
  const byId = new Map(t.stages.map((s) => [s.id, s]));
  return {
    agreement: { ...agreement, basis: t.basis, workKind: t.workKind, rateMilli: t.rateMilli, lumpSum: t.lumpSum, hourlyRate: t.hourlyRate, hourlyCap: t.hourlyCap, documentationCharge: t.documentationCharge, billCheckingCharge: t.billCheckingCharge },
    terms: termsOf(t),
    workKind: t.workKind as WorkKind,
    stageOf: (s) => {
      const frozen = byId.get(s.id);
      return frozen ? { ...s, name: frozen.name, shareBp: frozen.shareBp, costBasis: frozen.costBasis, minimum: frozen.minimum } : null;
    },
  };
}
const costEntries = (costs: FeeCostRow[]): CostEntry[] => costs.map((c, position) => ({ kind: c.kind as CostKind, amount: c.amount, recordedOn: c.recordedOn, position }));

/** The stage billing would bill now: the reached stage furthest down the schedule. */
const latestReached = (stages: FeeStageRow[]) => stages.filter((s) => s.reachedOn !== null).at(-1);

type Offer = { stage: FeeStageRow; figure: StageFigure | null; refusal: string | null };

function offerFor(force: InForce, stages: FeeStageRow[], costs: CostEntry[], billed: number, draftNumber: string | null): Offer | null {
  const reached = latestReached(stages);
  if (!reached) return null;
  const { agreement } = force;
  const stage = force.stageOf(reached);
  if (!stage) return { stage: reached, figure: null, refusal: M.notInForce };
  if (agreement.basis === 'hourly') return { stage, figure: null, refusal: M.hourlyByTime };
  const cost = costForStage(costs, stage.costBasis as CostKind);
  if (agreement.basis === 'percentage' && !cost) return { stage, figure: null, refusal: M.noCost(COST_KIND_LABELS[stage.costBasis as CostKind]) };
  const figure = stageFigure(force.terms, { ...stage, costBasis: stage.costBasis as CostKind }, cost, billed);
  if (draftNumber !== null) return { stage, figure, refusal: M.draftPending(draftNumber) };
  if (figure.amount === 0) return { stage, figure, refusal: M.nothingToBill };
  return { stage, figure, refusal: null };
}

async function agreementState(db: Database, agreement: FeeAgreementRow) {
  // One after the other: inside a transaction its one connection answers one statement at a time.
  const stages = await stagesOf(db, agreement.id);
  const accepted = await acceptedProposalOf(db, agreement.id);
  const force = inForceOf(agreement, accepted);
  const costs = await costsOf(db, agreement.id);
  const documents = await documentsOf(db, agreement.id);
  const billed = await billedUnder(db, agreement.id);
  const draft = documents.find((d) => d.invoice.status === 'draft');
  const entries = costEntries(costs);
  return { stages, costs, documents, billed, entries, accepted, force, offer: offerFor(force, stages, entries, billed, draft ? draft.invoice.number ?? 'a draft' : null) };
}

export async function feeAgreementJson(db: Database, agreement: FeeAgreementRow): Promise<FeeAgreement> {
  const { stages, costs, documents, billed, entries, offer, accepted, force } = await agreementState(db, agreement);
  const proposals = await proposalsOf(db, agreement.id);
  const latest = costForStage(entries, 'tender') ?? costForStage(entries, 'actual');
  const actual = costForStage(entries, 'actual');
  const basisCost = actual ?? latest;
  return {
    id: agreement.id,
    projectId: agreement.projectId,
    basis: agreement.basis as FeeBasis,
    workKind: agreement.workKind as WorkKind,
    sac: sacFor(agreement.workKind as WorkKind),
    ...feeFiguresOf(agreement),
    contactId: agreement.contactId,
    stages: stages.map((s) => ({ id: s.id, position: s.position, name: s.name, shareBp: s.shareBp, costBasis: s.costBasis as CostKind, minimum: s.minimum, reachedOn: s.reachedOn })),
    costs: costs.map((c) => ({ id: c.id, kind: c.kind as CostKind, amount: c.amount, recordedOn: c.recordedOn, note: c.note })),
    documents: documents.map((d) => ({ invoiceId: d.invoiceId, stageId: d.stageId, kind: d.invoice.kind as 'invoice' | 'credit-note', number: d.invoice.number, status: d.invoice.status, taxable: d.invoice.taxable, total: d.invoice.total, createdAt: d.createdAt.toISOString() })),
    billed,
    fee: force.agreement.basis === 'lump_sum' ? force.agreement.lumpSum : force.agreement.basis === 'percentage' && basisCost ? totalFee(force.terms, basisCost.amount) : null,
    offer: offer && { stageId: offer.stage.id, amount: offer.figure?.amount ?? 0, description: offer.figure?.description ?? '', refusal: offer.refusal },
    version: agreement.version,
    inForce: accepted ? { proposalId: accepted.id, version: accepted.version, acceptedAt: accepted.decidedAt?.toISOString() ?? accepted.createdAt.toISOString() } : null,
    changedSinceAccepted: accepted ? termsDiffer(accepted.terms, frozenTermsOf(agreement, stages)) : false,
    proposals: proposals.map(({ proposal: p, clientName }) => ({
      id: p.id,
      version: p.version,
      status: p.status as FeeProposalStatus,
      sharedAt: p.createdAt.toISOString(),
      decidedAt: p.decidedAt?.toISOString() ?? null,
      decidedEmail: p.decidedEmail,
      declineReason: p.declineReason,
      clientName,
      fee: letterOf(p).fee,
    })),
  };
}

export type BillResult = { kind: 'invoice' | 'credit-note'; invoiceIds: string[]; numbers: string[] };

/**
 * Bills the stage `stageId` (it must be the latest reached): inside the caller's transaction, the
 * agreement's row locked so two people billing at once bill one after the other.
 */
export async function billStage(tx: Database, actor: Actor, agreementId: string, stageId: string, profile: SellerProfile, now = new Date(), timeZone = DEFAULT_TIME_ZONE): Promise<BillResult> {
  const locked = await lockAgreement(tx, agreementId);
  const { offer, documents, force } = await agreementState(tx, locked);
  const agreement = force.agreement;
  if (!offer || offer.stage.id !== stageId) throw conflict(M.notReached);
  if (offer.refusal || !offer.figure) throw conflict(offer.refusal ?? M.nothingToBill);
  const contact = agreement.contactId ? await findContactOfFirm(tx, actor.firmId, agreement.contactId) : undefined;
  if (!contact?.isClient) throw conflict(M.clientRequired);
  const { figure, stage } = offer;
  const figures = { cost: figure.cost?.amount ?? 0, costKind: figure.cost?.kind ?? null, rateMilli: agreement.rateMilli, shareBp: stage.shareBp, due: figure.due, billed: figure.billed, amount: figure.amount };
  const audit = (action: string, targetId: string, details: Record<string, unknown>) => recordAudit(tx, { actorId: actor.id, firmId: actor.firmId, action, targetType: 'fee-agreement', targetId, details });

  if (figure.amount > 0) {
    const supply = supplyKind(profile.state, contact.state);
    const { stored, totals } = priceLines([{ description: figure.description, hsnSac: sacFor(force.workKind), unit: 'NA', sourceItemId: null, input: { quantityMilli: wholeQuantity(1), unitPrice: figure.amount, discount: 0, rateBp: ARCHITECTURE_GST_BP } }], supply);
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
