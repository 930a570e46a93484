import { AdminAccountsReply, AdminPasswordBody, CreateSubAdminBody } from './admin-areas.js';
import { AdminLoginBody, AdminLoginReply, DecisionBody, DecisionQuery, StatisticsReply, VerificationListReply, VerificationQuery } from './admin.js';
import { ErrorReply, IdParams, MessageReply } from './http.js';
import { ANY_TYPE, binary, operationsOf } from './operation.js';

/**
 * The super-admin's sign-in, firm verification and team (docs/decisions/042, 370): the api
 * registers them (server/routes/admin/index.ts, team.ts) and the web calls them
 * (app/models/admin.server.ts). The areas' moderation and the platform billing are not here yet.
 */

const tags = ['admin'] as const;
const op = operationsOf('admin', tags);

export const adminOperations = {
  // Public: the sign-in itself. 401 wrong password, 429 and 503 its rate limit; 413 and 415 a body it does not read.
  login: operationsOf('public', tags)({
    method: 'POST',
    path: '/admin/login',
    summary: 'Sign in to the admin area (a separate session of kind admin)',
    body: AdminLoginBody,
    replies: { 200: AdminLoginReply, 401: ErrorReply, 413: ErrorReply, 415: ErrorReply, 429: ErrorReply, 503: ErrorReply },
  }),
  logout: op({ method: 'POST', path: '/admin/logout', summary: "End the admin's session", replies: { 200: MessageReply } }),
  statistics: op({ method: 'GET', path: '/admin/statistics', summary: 'How many firm registrations wait, were approved and were rejected', replies: { 200: StatisticsReply } }),
  verifications: op({
    method: 'GET',
    path: '/admin/user-verification',
    summary: 'Firm registrations: search over name, firm name and email; 15 a page; pending by default',
    query: VerificationQuery,
    replies: { 200: VerificationListReply },
  }),
  decide: op({
    method: 'PUT',
    path: '/admin/user-verification/:id',
    summary: 'Approves (isVerify=2) or rejects (isVerify=3, optional reason in the body) a firm registration',
    params: IdParams,
    query: DecisionQuery,
    body: DecisionBody,
    replies: { 200: MessageReply, 404: ErrorReply, 409: ErrorReply },
  }),
  registrationDocument: op({
    method: 'GET',
    path: '/admin/user/:id',
    summary: "Downloads a firm's registration document (super-admin only)",
    params: IdParams,
    replies: { 200: binary(ANY_TYPE), 206: binary(ANY_TYPE), 404: ErrorReply, 416: ErrorReply },
  }),
  admins: op({ method: 'GET', path: '/admin/admins', summary: 'The platform administrators', replies: { 200: AdminAccountsReply } }),
  createSubAdmin: op({ method: 'POST', path: '/admin/admins', summary: 'Creates a sub-admin with a password (owners only)', body: CreateSubAdminBody, replies: { 201: MessageReply, 409: ErrorReply } }),
  revokeSubAdmin: op({
    method: 'DELETE',
    path: '/admin/admins/:id',
    summary: 'Revokes a sub-admin: its account and sessions end at once (owners only)',
    params: IdParams,
    replies: { 200: MessageReply, 404: ErrorReply },
  }),
  password: op({
    method: 'PUT',
    path: '/admin/password',
    summary: "The admin's own password: the current one, then the new one; other sessions end",
    body: AdminPasswordBody,
    replies: { 200: MessageReply, 429: ErrorReply },
  }),
} as const;
