import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFirmAccess } from '../../auth/firm.js';
import { isoDay } from '../../contract/dates.js';
import { isId } from '../../contract/http.js';
import { planOperations as ops } from '../../contract/billing-operations.js';
import { PLATFORM_BILLING_MESSAGES } from '../../contract/platform-billing.js';
import { TRIAL_ALREADY_USED } from '../../contract/subscription.js';
import { conflict, notFound } from '../../errors.js';
import { findSubscriptionInvoice, latestSubscriptionInvoices } from '../../queries/platform-billing.js';
import { findSubscription, planOf, startTrial, type SubscriptionRow } from '../../queries/subscriptions.js';
import { printOfInvoice, receiptOfPayment } from '../../services/invoice-print.js';
import { requestWithInvoice } from '../../services/subscription-invoices.js';
import { routeOf } from '../declared.js';

/**
 * The firm's plan (workspace-and-admin.md screen 8; DESIGN.md section 9, scope `workspace`): every
 * member of the firm sees it; the firm and its sub-admins start the trial and ask to subscribe, which
 * issues the platform's invoice for the year (docs/decisions/287), and print that
 * invoice and its receipts.
 */
export const workspacePlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const reply = async (firmId: string, row: SubscriptionRow | undefined, canManage: boolean, message?: string) => {
    // The subscription invoice is a bill to the firm: those who manage it see it, as they see the firm's own invoices.
    const invoice = canManage ? ((await latestSubscriptionInvoices(db, [firmId], isoDay(new Date()))).get(firmId) ?? null) : null;
    return { data: { ...planOf(row), canManage, invoice }, ...(message ? { message } : {}) };
  };
  /** A subscription invoice of the caller's firm, for those who manage it; 404 for anything else. */
  const subscriptionInvoice = async (user: Parameters<typeof requireFirmAccess>[0], id: string) => {
    const firm = requireFirmAccess(user, 'manage');
    const row = isId(id) ? await findSubscriptionInvoice(db, firm.firmId, id) : undefined;
    if (!row || row.status === 'draft') throw notFound(PLATFORM_BILLING_MESSAGES.notFound);
    return row;
  };

  app.route({
    ...routeOf(ops.plan),
    handler: async (request) => {
      const firm = requireFirmAccess(request.session.user, 'work');
      return reply(firm.firmId, await findSubscription(db, firm.firmId), firm.canManage);
    },
  });

  app.route({
    ...routeOf(ops.trial),
    handler: async (request) => {
      const firm = requireFirmAccess(request.session.user, 'manage');
      const row = await startTrial(db, firm.firmId, request.session.user.id);
      if (!row) throw conflict(TRIAL_ALREADY_USED);
      return reply(firm.firmId, row, true, 'Your 30-day free trial has started');
    },
  });

  app.route({
    ...routeOf(ops.request),
    handler: async (request) => {
      const firm = requireFirmAccess(request.session.user, 'manage');
      const done = await requestWithInvoice(db, firm.firmId, request.session.user.id, app.ctx.config.PRODUCT_NAME);
      const message = !done.invoice
        ? `Thank you: your subscription request is recorded. ${PLATFORM_BILLING_MESSAGES.missing}`
        : done.issued
          ? `Thank you: invoice ${done.invoice.number} is issued. We confirm your subscription once it is paid.`
          : `Invoice ${done.invoice.number} is still open: pay it and we confirm your subscription.`;
      return reply(firm.firmId, done.subscription, true, message);
    },
  });

  app.route({
    ...routeOf(ops.invoicePrint),
    handler: async (request) => ({ data: await printOfInvoice(app.ctx, await subscriptionInvoice(request.session.user, request.params.id)) }),
  });

  app.route({
    ...routeOf(ops.receiptPrint),
    handler: async (request) => ({ data: await receiptOfPayment(app.ctx, await subscriptionInvoice(request.session.user, request.params.id), request.params.paymentId) }),
  });
};
