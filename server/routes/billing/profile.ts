import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { BILLING_MESSAGES, BillingProfileChanges, BillingProfileReply, BillingProfileSavedReply, BillingProfileStaleReply } from '../../contract/billing.js';
import { recordAudit } from '../../queries/audit.js';
import { findUserById } from '../../queries/users.js';
import { findBillingProfile, saveBillingProfileAtVersion, toBillingProfileJson } from '../../queries/billing.js';

/**
 * `/api/billing/profile` (docs/decisions/256), scope `workspace`: the firm's
 * billing profile, read and saved by the firm and its sub-admins only (403 for a plain employee:
 * it holds the bank account). Each firm reads and writes its own row; no id is taken.
 */

export const billingProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/billing/profile',
    { schema: { tags: ['billing'], summary: "The firm's billing profile (null until first saved) and its registration address (null when none)", response: { 200: BillingProfileReply } } },
    async (request) => {
      const firm = requireFirmAccess(request.session.user, 'manage');
      const [row, account] = await Promise.all([findBillingProfile(db, firm.firmId), findUserById(db, firm.firmId)]);
      // The registration's address, offered for the profile (decision 384).
      const registration = account?.address?.trim() ? { address: account.address.trim(), state: account.country === 'India' || !account.country ? (account.state ?? '') : '' } : null;
      return { data: row ? toBillingProfileJson(row) : null, registration };
    },
  );

  app.put(
    '/billing/profile',
    { schema: { tags: ['billing'], summary: "Save the firm's billing profile from the `version` read (0 before the first save); 409 with the current profile when someone saved it meanwhile", body: BillingProfileChanges, response: { 200: BillingProfileSavedReply, 409: BillingProfileStaleReply } } },
    async (request) => {
      const { user } = request.session;
      const firm = requireFirmAccess(user, 'manage');
      const row = await db.transaction(async (tx) => {
        const { version, ...fields } = request.body;
        const saved = await saveBillingProfileAtVersion(tx, firm.firmId, user.id, fields, version);
        await recordAudit(tx, { actorId: user.id, firmId: firm.firmId, action: 'billing-profile.saved', targetType: 'firm', targetId: firm.firmId, details: { gstin: saved.gstin, invoicePrefix: saved.invoicePrefix } });
        return saved;
      });
      return { message: BILLING_MESSAGES.saved, data: toBillingProfileJson(row) };
    },
  );
};
