import { api } from '~/utils/api.server';
import type { OthersEndedReply, SessionEndedReply, SessionsReply } from '../../server/contract/sessions';

/**
 * The signed-in person's sessions (decision 332, /api/users/sessions…): the only place the web
 * writes their paths and reply types.
 */

export const listSessions = (request: Request) => api<SessionsReply>(request, '/users/sessions');

export const endSession = (request: Request, id: string) => api<SessionEndedReply>(request, `/users/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const endOtherSessions = (request: Request) => api<OthersEndedReply>(request, '/users/sessions/revoke-others', { method: 'POST' });
