import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformBillingOperations as ops } from '../../contract/billing-operations.js';
import { isId } from '../../contract/http.js';
import { PLATFORM_BILLING_MESSAGES as M } from '../../contract/platform-billing.js';
import { recordAudit } from '../../queries/audit.js';
import { notFound } from '../../errors.js';
import { findPlatformInvoice, findPlatformProfile, savePlatformProfileAtVersion } from '../../queries/platform-billing.js';
import { printOfInvoice, receiptOfPayment } from '../../services/invoice-print.js';
import { routeOf } from '../declared.js';

/**
 * The platform's own billing (docs/decisions/287; scope `admin`): the billing
 * profile its subscription invoices print, set in admin Setting, and the print data of those
 * invoices and their receipts.
 */
export const adminBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.route({
    ...routeOf(ops.profile),
    handler: async () => ({ data: (await findPlatformProfile(db)) ?? null }),
  });

  app.route({
    ...routeOf(ops.saveProfile),
    handler: async (request) => {
      const adminId = request.session.user.id;
      const data = await db.transaction(async (tx) => {
        const { version, ...profile } = request.body;
        const saved = await savePlatformProfileAtVersion(tx, profile, adminId, version);
        await recordAudit(tx, { actorId: adminId, action: 'platform.billing-profile-saved', targetType: 'platform', targetId: 'platform', details: { gstin: saved.gstin, invoicePrefix: saved.invoicePrefix } });
        return saved;
      });
      return { message: M.saved, data };
    },
  });

  const platformInvoice = async (id: string) => {
    const row = isId(id) ? await findPlatformInvoice(db, id) : undefined;
    if (!row) throw notFound(M.notFound);
    return row;
  };

  app.route({
    ...routeOf(ops.invoicePrint),
    handler: async (request) => ({ data: await printOfInvoice(app.ctx, await platformInvoice(request.params.id)) }),
  });

  app.route({
    ...routeOf(ops.receiptPrint),
    handler: async (request) => ({ data: await receiptOfPayment(app.ctx, await platformInvoice(request.params.id), request.params.paymentId) }),
  });
};
