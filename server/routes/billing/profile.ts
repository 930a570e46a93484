import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { BILLING_MESSAGES } from '../../contract/billing.js';
import { billingOperations } from '../../contract/billing-operations.js';
import { recordAudit } from '../../queries/audit.js';
import { findUserById } from '../../queries/users.js';
import { findBillingProfile, saveBillingProfileAtVersion, toBillingProfileJson } from '../../queries/billing.js';
import { routeOf } from '../declared.js';

/**
 * `/api/billing/profile` (docs/decisions/256), scope `workspace`: the firm's
 * billing profile, read and saved by the firm and its sub-admins only (403 for a plain employee:
 * it holds the bank account). Each firm reads and writes its own row; no id is taken.
 */

export const billingProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(billingOperations.profile),
    handler: async (request) => {
      const firm = requireFirmAccess(request.session.user, 'manage');
      const [row, account] = await Promise.all([findBillingProfile(db, firm.firmId), findUserById(db, firm.firmId)]);
      // The registration's address, offered for the profile (decision 384).
      const registration = account?.address?.trim() ? { address: account.address.trim(), state: account.country === 'India' || !account.country ? (account.state ?? '') : '' } : null;
      return { data: row ? toBillingProfileJson(row) : null, registration };
    },
  });

  app.route({
    ...routeOf(billingOperations.saveProfile),
    handler: async (request) => {
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
  });
};
