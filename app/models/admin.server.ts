import { api, apiFetch, forwardedFor, streamApiFile } from '~/utils/api.server';
import type {
  AdminLoginBody,
  AdminLoginReply,
  DecisionBody,
  StatisticsReply,
  VerificationListReply,
  VerificationQuery,
} from '../../server/contract/admin';
import type { MessageReply } from '../../server/contract/http';
import type { InvoicePrintReply, ReceiptPrintReply } from '../../server/contract/invoices';
import type { PlatformBillingChanges, PlatformBillingReply, PlatformBillingSavedReply } from '../../server/contract/platform-billing';
import type {
  AdminAccountsReply,
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
 * and reply types. Calls after the login carry the admin session's token (`api`'s `admin` option:
 * a 401 or 403 ends that session).
 */

/** Signs in with the super-admin's email and password (no session yet: the visitor's address only). */
export const adminLogin = (request: Request, body: AdminLoginBody) =>
  apiFetch<Partial<AdminLoginReply> | null>('/admin/login', { method: 'POST', json: body, forwardedFor: forwardedFor(request) });

export const adminLogout = (request: Request) => api<MessageReply>(request, '/admin/logout', { admin: true, method: 'POST' });

export const getStatistics = (request: Request) => api<StatisticsReply>(request, '/admin/statistics', { admin: true });

export const getVerificationList = (request: Request, query: Partial<VerificationQuery>) =>
  api<VerificationListReply>(request, '/admin/user-verification', { admin: true, query });

/** Approves (isVerify 2) or rejects (3, with an optional reason) a firm registration. */
export const decideVerification = (request: Request, userId: string, isVerify: '2' | '3', body: DecisionBody) =>
  api<MessageReply>(request, `/admin/user-verification/${encodeURIComponent(userId)}`, { admin: true, method: 'PUT', query: { isVerify }, json: body ?? {} });

/** A firm's registration document, streamed from the api with the admin token. */
export const streamRegistrationDocument = (request: Request, token: string, userId: string) =>
  streamApiFile(request, `/admin/user/${encodeURIComponent(userId)}`, { token });

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

export const getAdmins = (request: Request) => api<AdminAccountsReply>(request, '/admin/admins', { admin: true });

export const createSubAdmin = (request: Request, body: CreateSubAdminBody) => api<MessageReply>(request, '/admin/admins', { admin: true, method: 'POST', json: body });

export const revokeSubAdmin = (request: Request, id: string) => api<MessageReply>(request, `/admin/admins/${encodeURIComponent(id)}`, { admin: true, method: 'DELETE' });

export const changeAdminPassword = (request: Request, body: AdminPasswordBody) => api<MessageReply>(request, '/admin/password', { admin: true, method: 'PUT', json: body });

// The platform's own billing (docs/decisions/287) ----------------------------------

export const getPlatformBilling = async (request: Request) => (await api<PlatformBillingReply>(request, '/admin/billing-profile', { admin: true })).data;

export const savePlatformBilling = (request: Request, body: PlatformBillingChanges) =>
  api<PlatformBillingSavedReply>(request, '/admin/billing-profile', { admin: true, method: 'PUT', json: body });

const platformInvoicePath = (id: string) => `/admin/invoices/${encodeURIComponent(id)}`;
export const getPlatformInvoicePrint = async (request: Request, id: string) => (await api<InvoicePrintReply>(request, `${platformInvoicePath(id)}/print`, { admin: true })).data;
export const getPlatformReceiptPrint = async (request: Request, id: string, paymentId: string) =>
  (await api<ReceiptPrintReply>(request, `${platformInvoicePath(id)}/payments/${encodeURIComponent(paymentId)}/receipt`, { admin: true })).data;
