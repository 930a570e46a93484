import { BillingProfileChanges, BillingProfileReply, BillingProfileSavedReply, BillingProfileStaleReply } from './billing.js';
import { ErrorReply } from './http.js';
import { InvoiceIdParams, InvoicePrintReply, PaymentParams, ReceiptPrintReply } from './invoices.js';
import { binary, operationsOf } from './operation.js';
import { SignatureParts } from './billing.js';
import { PlatformBillingChanges, PlatformBillingReply, PlatformBillingSavedReply, PlatformBillingStaleReply } from './platform-billing.js';
import { StorageReply } from './storage.js';
import { PlanReply } from './subscription.js';

/**
 * The firm's billing profile (docs/decisions/256), its plan and storage, and the platform's own
 * billing (docs/decisions/287), each operation declared once (docs/decisions/370). The api
 * registers them (server/routes/billing/profile.ts, workspace/plan.ts, workspace/storage.ts,
 * admin/billing.ts) and the web calls them (app/models/billing, plan, storage and admin.server.ts).
 */

const billingOp = operationsOf('workspace', ['billing']);
const workspaceOp = operationsOf('workspace', ['workspace']);
const adminOp = operationsOf('admin', ['admin']);

/** The firm's billing profile, for the firm and its sub-admins (403 for an employee: it holds the bank account). */
export const billingOperations = {
  profile: billingOp({ method: 'GET', path: '/billing/profile', summary: "The firm's billing profile (null until first saved) and its registration address (null when none)", replies: { 200: BillingProfileReply } }),
  saveProfile: billingOp({
    method: 'PUT',
    path: '/billing/profile',
    summary: "Save the firm's billing profile from the `version` read (0 before the first save); 409 with the current profile when someone saved it meanwhile, 404 for a version of a profile never saved",
    body: BillingProfileChanges,
    replies: { 200: BillingProfileSavedReply, 404: ErrorReply, 409: BillingProfileStaleReply },
  }),
  // CGST rule 46(q): the signature its tax documents print (decision 402); not versioned with the profile's fields.
  signature: billingOp({ method: 'GET', path: '/billing/profile/signature', summary: "The firm's own signature image as stored (PNG); 404 when it has none", replies: { 200: binary('image/png'), 404: ErrorReply } }),
  uploadSignature: billingOp({
    method: 'POST',
    path: '/billing/profile/signature',
    summary: "Set the signature printed on the firm's tax invoices, credit notes and receipts (JPEG or PNG, 5 MB; kept as a PNG of at most 900 × 300 px); 404 before the profile is first saved",
    body: { multipart: SignatureParts },
    replies: { 200: BillingProfileSavedReply, 404: ErrorReply, 413: ErrorReply, 415: ErrorReply, 429: ErrorReply },
  }),
  removeSignature: billingOp({
    method: 'DELETE',
    path: '/billing/profile/signature',
    summary: 'Remove the signature image: documents then say they are digitally signed',
    replies: { 200: BillingProfileSavedReply, 404: ErrorReply },
  }),
} as const;

/** The firm's plan (everyone of the firm reads it; the firm and its sub-admins act) and its storage. */
export const planOperations = {
  plan: workspaceOp({ method: 'GET', path: '/workspace/plan', summary: "The firm's plan: trial, subscription and the platform's latest invoice to it", replies: { 200: PlanReply } }),
  trial: workspaceOp({ method: 'POST', path: '/workspace/plan/trial', summary: "Starts the firm's 30-day free trial (once per firm: 409 afterwards)", replies: { 200: PlanReply, 409: ErrorReply } }),
  request: workspaceOp({
    method: 'POST',
    path: '/workspace/plan/request',
    summary: "Records a subscription request (Continue) and issues the platform's invoice for the year, or answers the one still owed",
    replies: { 200: PlanReply },
  }),
  invoicePrint: workspaceOp({
    method: 'GET',
    path: '/workspace/plan/invoices/:id/print',
    summary: "The print data of the platform's subscription invoice to this firm",
    params: InvoiceIdParams,
    replies: { 200: InvoicePrintReply, 404: ErrorReply },
  }),
  receiptPrint: workspaceOp({
    method: 'GET',
    path: '/workspace/plan/invoices/:id/payments/:paymentId/receipt',
    summary: 'The receipt of a payment of a subscription invoice',
    params: PaymentParams,
    replies: { 200: ReceiptPrintReply, 404: ErrorReply },
  }),
  storage: workspaceOp({
    method: 'GET',
    path: '/workspace/storage',
    summary: "What the firm's files (project, task and chat files, pending uploads) use of its storage quota",
    replies: { 200: StorageReply },
  }),
} as const;

/** The platform's billing profile and its subscription invoices' print data (the super-admin). */
export const platformBillingOperations = {
  profile: adminOp({ method: 'GET', path: '/admin/billing-profile', summary: "The platform's billing profile, or null before it is first saved", replies: { 200: PlatformBillingReply } }),
  saveProfile: adminOp({
    method: 'PUT',
    path: '/admin/billing-profile',
    summary: "Saves the platform's billing profile (legal name, GSTIN, bank, UPI ID, invoice prefix, the subscription's GST rate and SAC)",
    body: PlatformBillingChanges,
    replies: { 200: PlatformBillingSavedReply, 404: ErrorReply, 409: PlatformBillingStaleReply },
  }),
  invoicePrint: adminOp({
    method: 'GET',
    path: '/admin/invoices/:id/print',
    summary: "The print data of one of the platform's subscription invoices",
    params: InvoiceIdParams,
    replies: { 200: InvoicePrintReply, 404: ErrorReply },
  }),
  receiptPrint: adminOp({
    method: 'GET',
    path: '/admin/invoices/:id/payments/:paymentId/receipt',
    summary: 'The receipt of a payment of a subscription invoice',
    params: PaymentParams,
    replies: { 200: ReceiptPrintReply, 404: ErrorReply },
  }),
} as const;
