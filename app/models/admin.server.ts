import { adminApi } from '~/utils/admin-session.server';
import { apiFetch, forwardedFor } from '~/utils/api.server';
import { streamApiFile } from '~/utils/api-file.server';
import type {
  AdminLoginBody,
  AdminLoginReply,
  DecisionBody,
  StatisticsReply,
  VerificationListReply,
  VerificationQuery,
} from '../../server/contract/admin';
import type { MessageReply } from '../../server/contract/http';
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
 * and reply types. Calls after the login carry the admin session's token (admin-session.server.ts:
 * a 401 or 403 ends that session).
 */

/** Signs in with the super-admin's email and password (no session yet: the visitor's address only). */
export const adminLogin = (request: Request, body: AdminLoginBody) =>
  apiFetch<Partial<AdminLoginReply> | null>('/admin/login', { method: 'POST', json: body, forwardedFor: forwardedFor(request) });

export const adminLogout = (request: Request) => adminApi<MessageReply>(request, '/admin/logout', { method: 'POST' });

export const getStatistics = (request: Request) => adminApi<StatisticsReply>(request, '/admin/statistics');

export const getVerificationList = (request: Request, query: Partial<VerificationQuery>) =>
  adminApi<VerificationListReply>(request, '/admin/user-verification', { query });

/** Approves (isVerify 2) or rejects (3, with an optional reason) a firm registration. */
export const decideVerification = (request: Request, userId: string, isVerify: '2' | '3', body: DecisionBody) =>
  adminApi<MessageReply>(request, `/admin/user-verification/${encodeURIComponent(userId)}`, { method: 'PUT', query: { isVerify }, json: body ?? {} });

/** A firm's registration document, streamed from the api with the admin token. */
export const streamRegistrationDocument = (request: Request, token: string, userId: string) =>
  streamApiFile(request, `/admin/user/${encodeURIComponent(userId)}`, { token });

// Issue 13's areas: Workspace, Showcase moderation, Sub admins, Setting ---------------------------

export const getAdminFirms = (request: Request, query: AdminFirmsQuery) => adminApi<AdminFirmsReply>(request, '/admin/firms', { query });

export const markFirmPaid = (request: Request, firmId: string, body: MarkPaidBody) =>
  adminApi<MessageReply>(request, `/admin/firms/${encodeURIComponent(firmId)}/subscription`, { method: 'PUT', json: body });

export const getModerationProjects = (request: Request, query: ModerationQuery) =>
  adminApi<ModerationProjectsReply>(request, '/admin/showcase/projects', { query });

export const getModerationFirms = (request: Request, query: ModerationQuery) => adminApi<ModerationFirmsReply>(request, '/admin/showcase/firms', { query });

export const setProjectVisibility = (request: Request, projectId: string, body: VisibilityBody) =>
  adminApi<MessageReply>(request, `/admin/showcase/projects/${encodeURIComponent(projectId)}`, { method: 'PUT', json: body });

export const setPortfolioVisibility = (request: Request, firmId: string, body: VisibilityBody) =>
  adminApi<MessageReply>(request, `/admin/showcase/firms/${encodeURIComponent(firmId)}`, { method: 'PUT', json: body });

export const getAdmins = (request: Request) => adminApi<AdminAccountsReply>(request, '/admin/admins');

export const createSubAdmin = (request: Request, body: CreateSubAdminBody) => adminApi<MessageReply>(request, '/admin/admins', { method: 'POST', json: body });

export const revokeSubAdmin = (request: Request, id: string) => adminApi<MessageReply>(request, `/admin/admins/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const changeAdminPassword = (request: Request, body: AdminPasswordBody) => adminApi<MessageReply>(request, '/admin/password', { method: 'PUT', json: body });
