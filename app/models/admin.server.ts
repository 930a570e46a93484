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
