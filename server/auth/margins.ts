import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MARGIN_FIELDS } from '../contract/summary.js';
import { forbidden } from '../errors.js';
import type { UserRow } from '../queries/users.js';
import { firmOf } from './firm.js';

/**
 * Who sees margins (DESIGN.md section 10, docs/decisions/258): trade prices, net
 * profit and markup are seen and edited by the firm, its sub-admins and the employees it granted
 * "Can see financials". For everyone else the api leaves them out of every reply of the routes
 * that call `guardMargins` and answers 403 to a body that sets one.
 */

export const MARGINS_FORBIDDEN = 'Only the firm, its sub-admins and employees allowed to see financials can see or change trade prices, profit and markup';

export function canSeeMargins(user: Pick<UserRow, 'id' | 'role' | 'firmId' | 'isSubAdmin' | 'isSuperAdmin' | 'canSeeFinancials'>): boolean {
  const firm = firmOf(user);
  return firm !== null && (firm.canManage || user.canSeeFinancials);
}

const MARGIN_KEYS: ReadonlySet<string> = new Set(MARGIN_FIELDS);

/** Whether `value` (a body) sets a margin field anywhere (an item's change, Save all's items). */
function namesMargin(value: unknown, depth = 0): boolean {
  if (depth > 4 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => namesMargin(v, depth + 1));
  return Object.entries(value).some(([key, v]) => (MARGIN_KEYS.has(key) && v !== undefined) || namesMargin(v, depth + 1));
}

/** `value` without any margin field, at any depth (a copy; JSON-shaped data only). */
export function withoutMargins<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutMargins) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !MARGIN_KEYS.has(key)).map(([key, v]) => [key, withoutMargins(v)])) as T;
}

const hidesMargins = (request: FastifyRequest) => request.optionalSession !== null && !canSeeMargins(request.session.user);

/**
 * For every route of the plugin `app`: a body that sets a margin answers 403 for those who may not
 * see margins (after the scope's 401/403, before the handler), and every reply leaves margins out
 * for them. Registered by the summary's, the schedules' and the print's plugins.
 */
export function guardMargins(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    if (hidesMargins(request) && namesMargin(request.body)) throw forbidden(MARGINS_FORBIDDEN);
  });
  // A stale change's 409 carries the record as it now is (docs/decisions/320): it leaves margins out as a 2xx does.
  app.addHook('preSerialization', async (request, reply, payload) => ((reply.statusCode < 400 || reply.statusCode === 409) && hidesMargins(request) ? withoutMargins(payload) : payload));
}
