import { z } from 'zod/v4';
import { ErrorReply, IdParams } from './http.js';
import { operationsOf } from './operation.js';

export * from './sessions-rules.js';

/**
 * The signed-in person's sessions (decision 332): GET /users/sessions lists them, DELETE
 * /users/sessions/{id} ends one, POST /users/sessions/revoke-others ends every one but the caller's.
 */

export const SessionJson = z.object({
  id: z.string(),
  /** "Firefox on Windows", from the User-Agent the session was opened with. */
  device: z.string(),
  /** The visitor's address when it was opened (null for a session older than this list). */
  address: z.string().nullable(),
  createdAt: z.string(),
  /** Written at most once a minute: "last used" is to the minute. */
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
  /** The session of the call itself: this device. */
  current: z.boolean(),
});
export type SessionJson = z.infer<typeof SessionJson>;

export const SessionsReply = z.object({ data: z.object({ sessions: z.array(SessionJson) }) });
export type SessionsReply = z.infer<typeof SessionsReply>;

export const SessionEndedReply = z.object({ message: z.string(), data: z.object({ current: z.boolean() }) });
export type SessionEndedReply = z.infer<typeof SessionEndedReply>;

export const OthersEndedReply = z.object({ message: z.string(), data: z.object({ ended: z.number() }) });
export type OthersEndedReply = z.infer<typeof OthersEndedReply>;

const op = operationsOf('signedIn', ['users']);

/** The person's sessions, each operation declared once (docs/decisions/370); registered in server/routes/users/sessions.ts. */
export const sessionOperations = {
  list: op({ method: 'GET', path: '/users/sessions', summary: "The caller's open sessions: device, address, when opened and last used (to the minute), this one marked", replies: { 200: SessionsReply } }),
  end: op({
    method: 'DELETE',
    path: '/users/sessions/:id',
    summary: "End one of the caller's sessions (its device is signed out at its next request); 404 for one that is not theirs",
    params: IdParams,
    replies: { 200: SessionEndedReply, 404: ErrorReply },
  }),
  endOthers: op({ method: 'POST', path: '/users/sessions/revoke-others', summary: 'End every session of the caller but this one (sign out everywhere else)', replies: { 200: OthersEndedReply } }),
} as const;
