import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorReply, isId } from '../../contract/http.js';
import { InvoiceIdParams, InvoicePrintReply, PaymentParams, ReceiptPrintReply } from '../../contract/invoices.js';
import { PLATFORM_BILLING_MESSAGES as M, PlatformBillingChanges, PlatformBillingReply, PlatformBillingSavedReply, PlatformBillingStaleReply } from '../../contract/platform-billing.js';
import { recordAudit } from '../../queries/audit.js';
import { notFound } from '../../errors.js';
import { findPlatformInvoice, findPlatformProfile, savePlatformProfileAtVersion } from '../../queries/platform-billing.js';
import { printOfInvoice, receiptOfPayment } from '../../services/invoice-print.js';

/**
 * The platform's own billing (docs/decisions/287; scope `admin`): the billing
 * profile its subscription invoices print, set in admin Setting, and the print data of those
 * invoices and their receipts.
 */
export const adminBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const tags = ['admin'];

  app.get('/admin/billing-profile', { schema: { tags, summary: "The platform's billing profile, or null before it is first saved", response: { 200: PlatformBillingReply } } }, async () => ({
    data: (await findPlatformProfile(db)) ?? null,
  }));

  app.put(
    '/admin/billing-profile',
    { schema: { tags, summary: "Saves the platform's billing profile (legal name, GSTIN, bank, UPI ID, invoice prefix, the subscription's GST rate and SAC)", body: PlatformBillingChanges, response: { 200: PlatformBillingSavedReply, 409: PlatformBillingStaleReply } } },
    async (request) => {
      const adminId = request.session.user.id;
      const data = await db.transaction(async (tx) => {
        const { version, ...profile } = request.body;
        const saved = await savePlatformProfileAtVersion(tx, profile, adminId, version);
        await recordAudit(tx, { actorId: adminId, action: 'platform.billing-profile-saved', targetType: 'platform', targetId: 'platform', details: { gstin: saved.gstin, invoicePrefix: saved.invoicePrefix } });
        return saved;
      });
      return { message: M.saved, data };
    },
  );

  const platformInvoice = async (id: string) => {
    const row = isId(id) ? await findPlatformInvoice(db, id) : undefined;
    if (!row) throw notFound(M.notFound);
    return row;
  };

  app.get(
    '/admin/invoices/:id/print',
    { schema: { tags, summary: "The print data of one of the platform's subscription invoices", params: InvoiceIdParams, response: { 200: InvoicePrintReply, 404: ErrorReply } } },
    async (request) => ({ data: await printOfInvoice(db, await platformInvoice(request.params.id)) }),
  );

  app.get(
    '/admin/invoices/:id/payments/:paymentId/receipt',
    { schema: { tags, summary: 'The receipt of a payment of a subscription invoice', params: PaymentParams, response: { 200: ReceiptPrintReply, 404: ErrorReply } } },
    async (request) => ({ data: await receiptOfPayment(db, await platformInvoice(request.params.id), request.params.paymentId) }),
  );
};
