import type { FeeLetterReply } from '../contract/fee-letter.js';
import { isoDay } from '../contract/dates.js';
import { ARCHITECTURE_GST_BP, sacFor, type CostKind, type FeeBasis, type WorkKind } from '../contract/fees-rules.js';
import type { Database } from '../db/connection.js';
import { conflict } from '../errors.js';
import { costForStage, cumulativeDue, type CostEntry } from '../money/fees.js';
import { toBillingProfileJson } from '../queries/billing.js';
import { costsOf, stagesOf, type FeeAgreementRow } from '../queries/fees.js';
import { findContactOfFirm } from '../queries/invoice-writes.js';
import { firmLetterhead } from '../queries/letterhead.js';
import { feeFiguresOf } from './fees.js';
import type { Storage } from './storage/storage.js';
import { logoDataUrl } from './print-images.js';

/**
 * The engagement letter's content and figures (docs/decisions/381): what the firm prints, and what
 * a fee proposal freezes when shared with the client (docs/decisions/421). Its amounts are at the
 * current estimate: each stage's cumulative due (cumulativeDue, the stage billing's own rule) on
 * the actual cost once known, else the latest estimate, whatever basis the stage will bill on.
 */

export const LETTER_MESSAGES = {
  financials: 'Only the firm, its sub-admins and employees allowed to see financials can print the fee proposal',
  noAgreement: 'This project has no fee agreement yet',
  noProfile: 'Fill in the billing profile (Setting → Billing) before printing the fee proposal: the letter carries its name, address and GSTIN',
} as const;

export async function feeLetterOf(db: Database, storage: Storage, firm: { firmId: string }, project: { projectName: string }, agreement: FeeAgreementRow): Promise<FeeLetterReply['data']> {
  const letterhead = await firmLetterhead(db, firm.firmId);
  if (!letterhead.profile) throw conflict(LETTER_MESSAGES.noProfile);
  const profile = toBillingProfileJson(letterhead.profile);
  const stages = await stagesOf(db, agreement.id);
  const costs = await costsOf(db, agreement.id);
  const contact = agreement.contactId ? await findContactOfFirm(db, firm.firmId, agreement.contactId) : undefined;
  const entries: CostEntry[] = costs.map((c, position) => ({
    kind: c.kind as CostKind,
    amount: c.amount,
    recordedOn: c.recordedOn,
    position,
  }));
  const estimate = costForStage(entries, 'actual') ?? costForStage(entries, 'tender');
  const basis = agreement.basis as FeeBasis;
  const terms = {
    basis,
    rateMilli: agreement.rateMilli,
    lumpSum: agreement.lumpSum,
    documentationCharge: agreement.documentationCharge,
    billCheckingCharge: agreement.billCheckingCharge,
  };
  const priced = basis === 'lump_sum' || (basis === 'percentage' && estimate !== null);
  let before = 0;
  const schedule = stages.map((s) => {
    const cumulative = priced ? cumulativeDue(terms, estimate?.amount ?? 0, s.shareBp, s.minimum) : null;
    // A minimum met early (the retainer's ₹20,000) may put a stage's cumulative below the one before: its own part is then nothing.
    const amount = cumulative === null ? null : Math.max(0, cumulative - before);
    if (cumulative !== null) before = Math.max(before, cumulative);
    return {
      name: s.name,
      shareBp: s.shareBp,
      costBasis: s.costBasis as CostKind,
      minimum: s.minimum,
      cumulative,
      amount,
    };
  });
  const fee = basis === 'lump_sum' ? agreement.lumpSum : priced ? cumulativeDue(terms, estimate!.amount, 10_000, 0) : null;
  return {
    today: isoDay(new Date(), letterhead.timeZone),
    timeZone: letterhead.timeZone,
    firm: {
      name: profile.legalName || letterhead.name,
      address: profile.address,
      state: profile.state,
      gstin: profile.gstin,
      logo: await logoDataUrl(storage, letterhead.profileImage),
    },
    client: contact
      ? {
          name: contact.company ? `${contact.name} (${contact.company})` : contact.name,
          address: contact.address,
          state: contact.state ?? '',
          gstin: contact.gstin ?? '',
        }
      : null,
    projectName: project.projectName,
    basis,
    workKind: agreement.workKind as WorkKind,
    sac: sacFor(agreement.workKind as WorkKind),
    ...feeFiguresOf(agreement),
    estimate: estimate && {
      kind: estimate.kind,
      amount: estimate.amount,
      recordedOn: estimate.recordedOn,
    },
    fee,
    gstRateBp: ARCHITECTURE_GST_BP,
    stages: schedule,
    paymentTermsDays: profile.paymentTermsDays,
    terms: profile.proposalTerms,
  };
}
