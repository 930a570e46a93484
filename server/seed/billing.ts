import { BillingProfileBody, type BillingProfileBody as BillingProfileInput } from '../contract/billing.js';
import type { Database } from '../db/connection.js';
import { gstinCheckCharacter } from '../contract/gstin-rules.js';
import { saveBillingProfile } from '../queries/billing.js';
import { PlatformBillingBody, SUBSCRIPTION_DEFAULTS } from '../contract/platform-billing.js';
import { savePlatformProfile } from '../queries/platform-billing.js';

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

/** A well-formed GSTIN for demo data: the state's code, a made-up PAN, registration 1, Z, and its check character. */
export function demoGstin(stateCode: string, pan: string): string {
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
}

/** Each demo firm's billing profile, by the firm's email. */
const DEMO_PROFILES: Record<string, { legalName: string; address: string; state: string; code: string; pan: string; prefix: string; upi: string; ifsc: string; account: string }> = {
  'studio@demo.test': { legalName: 'Mehta Studio Architects LLP', address: '14 Lane 5, Koregaon Park, Pune 411001', state: 'Maharashtra', code: '27', pan: 'AAMFM4821K', prefix: 'MSA', upi: 'mehtastudio@okhdfcbank', ifsc: 'HDFC0000007', account: '50200011223344' },
  'interiors@demo.test': { legalName: 'Sethi Interiors Private Limited', address: '88 100 Feet Road, Indiranagar, Bengaluru 560038', state: 'Karnataka', code: '29', pan: 'AAKCS7310Q', prefix: 'SI', upi: 'sethiinteriors@okicici', ifsc: 'ICIC0000104', account: '010405006789' },
  'atelier@demo.test': { legalName: 'Rao Atelier', address: 'B-22 Hauz Khas Village, New Delhi 110016', state: 'Delhi', code: '07', pan: 'ABKPR2209D', prefix: 'RA', upi: 'raoatelier@oksbi', ifsc: 'SBIN0001234', account: '32109876543' },
};

/** A billing profile for each demo firm (its clients and suppliers are in the Address Book, seed/chat-book.ts). */
export async function seedDemoBilling(db: Database, firms: Array<{ id: string; email: string }>) {
  for (const firm of firms) {
    const p = DEMO_PROFILES[firm.email];
    if (!p) continue;
    await createBillingProfile(db, firm.id, {
      legalName: p.legalName,
      address: p.address,
      state: p.state,
      gstin: demoGstin(p.code, p.pan),
      pan: p.pan,
      bankAccountName: p.legalName,
      bankAccountNumber: p.account,
      bankIfsc: p.ifsc,
      upiId: p.upi,
      invoicePrefix: p.prefix,
    });
  }
}

/** The platform's billing profile: a company in Karnataka billing its subscriptions. */
export function platformBillingFields(overrides: Partial<PlatformBillingBody> = {}): PlatformBillingBody {
  return {
    legalName: 'Archivista Technologies Private Limited',
    address: '4th Floor, 80 Feet Road, Koramangala, Bengaluru 560034',
    state: 'Karnataka',
    gstin: '29AAACR5055K1Z3',
    pan: 'AAACR5055K',
    bankAccountName: 'Archivista Technologies Private Limited',
    bankAccountNumber: '912020012345678',
    bankIfsc: 'UTIB0000009',
    upiId: 'archivista@axisbank',
    invoicePrefix: 'ARC',
    paymentTermsDays: 7,
    subscription: { ...SUBSCRIPTION_DEFAULTS },
    ...overrides,
  };
}

export async function createPlatformBillingProfile(db: Database, adminId: string, overrides: Partial<PlatformBillingBody> = {}) {
  return savePlatformProfile(db, PlatformBillingBody.parse(platformBillingFields(overrides)), adminId);
}
