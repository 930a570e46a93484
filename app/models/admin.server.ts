import { call, fetchOperation, forwardedFor, streamApiFile } from '~/utils/api.server';
import type { AdminLoginBody, AdminLoginReply, DecisionBody, VerificationQuery } from '../../server/contract/admin';
import { adminOperations as ops } from '../../server/contract/admin-operations';
import { fillPath } from '../../server/contract/operation';
import { platformBillingOperations as platformBilling } from '../../server/contract/billing-operations';
import type { PlatformBillingChanges } from '../../server/contract/platform-billing';
import {
  adminAreaOperations as areas,
  type AdminFirmsQuery,
  type AdminPasswordBody,
  type CreateSubAdminBody,
  type MarkPaidBody,
  type ModerationQuery,
  type VisibilityBody,
} from '../../server/contract/admin-areas';

/**
 * The api calls of the super-admin area (/api/admin/…), each by its declaration
 * (server/contract/admin-operations.ts, admin-areas.ts, billing-operations.ts; docs/decisions/370). Calls after the login carry the admin session's token (`api`'s `admin` option:
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

export const getAdminFirms = (request: Request, query: AdminFirmsQuery) => call(request, areas.firms, { admin: true, query });

export const markFirmPaid = (request: Request, firmId: string, body: MarkPaidBody) =>
  call(request, areas.markPaid, { admin: true, params: { id: firmId }, json: body });

export const getModerationProjects = (request: Request, query: ModerationQuery) =>
  call(request, areas.moderationProjects, { admin: true, query });

export const getModerationFirms = (request: Request, query: ModerationQuery) => call(request, areas.moderationFirms, { admin: true, query });

export const setProjectVisibility = (request: Request, projectId: string, body: VisibilityBody) =>
  call(request, areas.projectVisibility, { admin: true, params: { id: projectId }, json: body });

export const setPortfolioVisibility = (request: Request, firmId: string, body: VisibilityBody) =>
  call(request, areas.portfolioVisibility, { admin: true, params: { id: firmId }, json: body });

export const getAdmins = (request: Request) => call(request, ops.admins, { admin: true });

export const createSubAdmin = (request: Request, body: CreateSubAdminBody) => call(request, ops.createSubAdmin, { admin: true, json: body });

export const revokeSubAdmin = (request: Request, id: string) => call(request, ops.revokeSubAdmin, { admin: true, params: { id } });

export const changeAdminPassword = (request: Request, body: AdminPasswordBody) => call(request, ops.password, { admin: true, json: body });

// The platform's own billing (docs/decisions/287) ----------------------------------

export const getPlatformBilling = async (request: Request) => (await call(request, platformBilling.profile, { admin: true })).data;

export const savePlatformBilling = (request: Request, body: PlatformBillingChanges) =>
  call(request, platformBilling.saveProfile, { admin: true, json: body });

export const getPlatformInvoicePrint = async (request: Request, id: string) => (await call(request, platformBilling.invoicePrint, { admin: true, params: { id } })).data;
export const getPlatformReceiptPrint = async (request: Request, id: string, paymentId: string) =>
  (await call(request, platformBilling.receiptPrint, { admin: true, params: { id, paymentId } })).data;
