import { api, call, fetchOperation, forwardedFor, streamApiFile } from '~/utils/api.server';
import type { AdminLoginBody, AdminLoginReply, DecisionBody, VerificationQuery } from '../../server/contract/admin';
import { adminOperations as ops } from '../../server/contract/admin-operations';
import { fillPath } from '../../server/contract/operation';
import type { MessageReply } from '../../server/contract/http';
import type { InvoicePrintReply, ReceiptPrintReply } from '../../server/contract/invoices';
import type { PlatformBillingChanges, PlatformBillingReply, PlatformBillingSavedReply } from '../../server/contract/platform-billing';
import type {
  AdminFirmsQuery,
  AdminFirmsReply,
  AdminPasswordBody,
  CreateSubAdminBody,
  MarkPaidBody,
  ModerationFirmsReply,
  ModerationProjectsReply,
  ModerationQuery,
  VisibilityBody,
} from '../../server/contract/admin-areas';

/**
 * The api calls of the super-admin area (/api/admin/…): the only place the web writes their paths
 * and reply types; the sign-in, verification and team calls by their declarations
 * (server/contract/admin-operations.ts, docs/decisions/370). Calls after the login carry the admin session's token (`api`'s `admin` option:
 * a 401 or 403 ends that session).
 */

/** Signs in with the super-admin's email and password (no session yet: the visitor's address only). */
export const adminLogin = (request: Request, body: AdminLoginBody): Promise<Partial<AdminLoginReply> | null> =>
  fetchOperation(ops.login, { json: body }, { forwardedFor: forwardedFor(request) });

export const adminLogout = (request: Request) => call(request, ops.logout, { admin: true });

export const getStatistics = (request: Request) => call(request, ops.statistics, { admin: true });

export const getVerificationList = (request: Request, query: Partial<VerificationQuery>) => call(request, ops.verifications, { admin: true, query });

/** Approves (isVerify 2) or rejects (3, with an optional reason) a firm registration. */
export const decideVerification = (request: Request, userId: string, isVerify: '2' | '3', body: DecisionBody) =>
  call(request, ops.decide, { admin: true, params: { id: userId }, query: { isVerify }, json: body ?? {} });

/** A firm's registration document, streamed from the api with the admin token. */
export const streamRegistrationDocument = (request: Request, token: string, userId: string) =>
  streamApiFile(request, fillPath(ops.registrationDocument.path, { id: userId }), { token });

// The admin areas: Workspace, Showcase moderation, Sub admins, Setting -----------------------------

export const getAdminFirms = (request: Request, query: AdminFirmsQuery) => api<AdminFirmsReply>(request, '/admin/firms', { admin: true, query });

export const markFirmPaid = (request: Request, firmId: string, body: MarkPaidBody) =>
  api<MessageReply>(request, `/admin/firms/${encodeURIComponent(firmId)}/subscription`, { admin: true, method: 'PUT', json: body });

export const getModerationProjects = (request: Request, query: ModerationQuery) =>
  api<ModerationProjectsReply>(request, '/admin/showcase/projects', { admin: true, query });

export const getModerationFirms = (request: Request, query: ModerationQuery) => api<ModerationFirmsReply>(request, '/admin/showcase/firms', { admin: true, query });

export const setProjectVisibility = (request: Request, projectId: string, body: VisibilityBody) =>
  api<MessageReply>(request, `/admin/showcase/projects/${encodeURIComponent(projectId)}`, { admin: true, method: 'PUT', json: body });

export const setPortfolioVisibility = (request: Request, firmId: string, body: VisibilityBody) =>
  api<MessageReply>(request, `/admin/showcase/firms/${encodeURIComponent(firmId)}`, { admin: true, method: 'PUT', json: body });

export const getAdmins = (request: Request) => call(request, ops.admins, { admin: true });

export const createSubAdmin = (request: Request, body: CreateSubAdminBody) => call(request, ops.createSubAdmin, { admin: true, json: body });

export const revokeSubAdmin = (request: Request, id: string) => call(request, ops.revokeSubAdmin, { admin: true, params: { id } });

export const changeAdminPassword = (request: Request, body: AdminPasswordBody) => call(request, ops.password, { admin: true, json: body });

// The platform's own billing (docs/decisions/287) ----------------------------------

export const getPlatformBilling = async (request: Request) => (await api<PlatformBillingReply>(request, '/admin/billing-profile', { admin: true })).data;

export const savePlatformBilling = (request: Request, body: PlatformBillingChanges) =>
  api<PlatformBillingSavedReply>(request, '/admin/billing-profile', { admin: true, method: 'PUT', json: body });

const platformInvoicePath = (id: string) => `/admin/invoices/${encodeURIComponent(id)}`;
export const getPlatformInvoicePrint = async (request: Request, id: string) => (await api<InvoicePrintReply>(request, `${platformInvoicePath(id)}/print`, { admin: true })).data;
export const getPlatformReceiptPrint = async (request: Request, id: string, paymentId: string) =>
  (await api<ReceiptPrintReply>(request, `${platformInvoicePath(id)}/payments/${encodeURIComponent(paymentId)}/receipt`, { admin: true })).data;
