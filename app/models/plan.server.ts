import { call } from '~/utils/api.server';
import { planOperations as ops } from '../../server/contract/billing-operations';

/** The web's calls to the firm's plan, each by its declaration (docs/decisions/370). */

export const getPlan = (request: Request) => call(request, ops.plan, {});
export const startTrial = (request: Request) => call(request, ops.trial, {});
export const requestSubscription = (request: Request) => call(request, ops.request, {});

/** The platform's subscription invoice to the firm, and a payment's receipt. */
export const getSubscriptionInvoicePrint = async (request: Request, id: string) => (await call(request, ops.invoicePrint, { params: { id } })).data;
export const getSubscriptionReceiptPrint = async (request: Request, id: string, paymentId: string) => (await call(request, ops.receiptPrint, { params: { id, paymentId } })).data;
