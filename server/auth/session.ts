import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors.js';
import type { Employer, SessionKind, SessionLookup, SessionOrigin } from '../queries/sessions.js';
import type { UserRow } from '../queries/users.js';
import type { ViewerFields } from '../contract/viewer.js';

/** Who is calling: the account of the bearer token and the token's session (DESIGN.md section 2). */
export type Session = {
  user: UserRow;
  /** An employee's firm (name and picture as its sidebar shows them), else null. */
  employer: Employer | null;
  sessionId: string;
  kind: SessionKind;
  expiresAt: Date;
};

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

const EXPIRED = 'Your session has expired. Please log in again.';
export const ADMIN_ONLY = 'This is for the super-admin only.';

/**
 * The session of a request's bearer token: 401 for a missing, unknown or expired token. A live token
 * of the other kind is 401 on user endpoints too (an admin session is not a product session), but
 * 403 on admin endpoints: the caller is signed in, just not as the super-admin.
 */
export async function readSession(sessions: SessionLookup, request: FastifyRequest, kind: SessionKind): Promise<Session> {
  const token = bearerToken(request);
  if (!token || token.length > 200) throw unauthorized();
  const row = await sessions.find(token);
  if (!row) throw unauthorized(EXPIRED);
  if (row.kind !== kind) throw kind === 'admin' ? forbidden(ADMIN_ONLY) : unauthorized(EXPIRED);
  return { user: row.user, employer: row.employer, sessionId: row.sessionId, kind, expiresAt: row.expiresAt };
}

/** The account as the web's session snapshot has it (server/contract/viewer.ts), with an employee's firm. */
export function viewerOf(session: Pick<Session, 'user' | 'employer'>): ViewerFields {
  const { id, userName, role, email, firmName, profileImage, isVerify, isSubAdmin } = session.user;
  const employer = session.employer && { name: session.employer.name, profileImage: session.employer.profileImage };
  // An employee sees its firm's dates (decision 265).
  const timeZone = session.employer?.timeZone ?? session.user.timeZone;
  return { id, userName, role, email, firmName, profileImage, isVerify, HasPassword: session.user.passwordHash !== null, isSubAdmin, timeZone, employer };
}

/**
 * Where a new session comes from, for Setting's list (decision 332): the visitor's address as the
 * api trusts it (`request.ip`: the web's X-Forwarded-For) and the User-Agent, which the web passes
 * on from the browser (app/utils/api.server.ts).
 */
export function sessionOriginOf(request: FastifyRequest): SessionOrigin {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent : null, address: request.ip };
}
