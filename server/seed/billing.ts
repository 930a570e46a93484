import { BillingProfileBody, type BillingProfileBody as BillingProfileInput } from '../contract/billing.js';
import type { Database } from '../db/connection.js';
import { saveBillingProfile } from '../queries/billing.js';

/**
 * A valid billing profile (docs/decisions/256) for the demo seed and the tests: a Maharashtra firm
 * with the GST network's example GSTIN, checked by the same contract the api uses.
 */
export function billingProfileFields(overrides: Partial<BillingProfileInput> = {}): BillingProfileInput {
  return {
    legalName: 'Studio Mehta Architects LLP',
    address: '12 Hill Road, Bandra West, Mumbai 400050',
    state: 'Maharashtra',
    gstin: '27AAPFU0939F1ZV',
    pan: 'AAPFU0939F',
    bankAccountName: 'Studio Mehta Architects LLP',
    bankAccountNumber: '50100123456789',
    bankIfsc: 'HDFC0000240',
    upiId: 'studiomehta@okhdfcbank',
    invoicePrefix: 'SMA',
    paymentTermsDays: 15,
    proposalTerms: '50% advance on approval, the balance on delivery. Prices include installation.',
    proposalValidityDays: 30,
    itemTaxes: { product: { rateBp: 1800, hsnSac: '9403' }, financial: { rateBp: 1800, hsnSac: '998391' } },
    ...overrides,
  };
}

export async function createBillingProfile(db: Database, firmId: string, overrides: Partial<BillingProfileInput> = {}) {
  return saveBillingProfile(db, firmId, firmId, BillingProfileBody.parse(billingProfileFields(overrides)));
}
