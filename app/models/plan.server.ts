import { api } from '~/utils/api.server';
import type { InvoicePrintReply, ReceiptPrintReply } from '../../server/contract/invoices';
import type { PlanReply } from '../../server/contract/subscription';

/** The web's calls to the firm's plan: the only place their api paths are written. */

export const getPlan = (request: Request) => api<PlanReply>(request, '/workspace/plan');
export const startTrial = (request: Request) => api<PlanReply>(request, '/workspace/plan/trial', { method: 'POST' });
export const requestSubscription = (request: Request) => api<PlanReply>(request, '/workspace/plan/request', { method: 'POST' });

const invoicePath = (id: string) => `/workspace/plan/invoices/${encodeURIComponent(id)}`;
/** The platform's subscription invoice to the firm, and a payment's receipt. */
export const getSubscriptionInvoicePrint = async (request: Request, id: string) => (await api<InvoicePrintReply>(request, `${invoicePath(id)}/print`)).data;
export const getSubscriptionReceiptPrint = async (request: Request, id: string, paymentId: string) =>
  (await api<ReceiptPrintReply>(request, `${invoicePath(id)}/payments/${encodeURIComponent(paymentId)}/receipt`)).data;
