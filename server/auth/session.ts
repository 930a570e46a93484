import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/connection.js';
import { unauthorized } from '../errors.js';
import { findSession, type SessionKind } from '../services/sessions.js';
import type { UserRow } from '../queries/users.js';

/** Who is calling: the account of the bearer token and the token's session (DESIGN.md section 2). */
export type Session = {
  user: UserRow;
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

/** The session of a request's bearer token, or 401 for a missing, unknown, expired or other-kind token. */
export async function readSession(db: Database, request: FastifyRequest, kind: SessionKind): Promise<Session> {
  const token = bearerToken(request);
  if (!token || token.length > 200) throw unauthorized();
  const row = await findSession(db, token, kind);
  if (!row) throw unauthorized('Your session has expired. Please log in again.');
  return { user: row.user, sessionId: row.sessionId, kind, expiresAt: row.expiresAt };
}
