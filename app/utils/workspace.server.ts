import { json } from '@remix-run/node';
import { ApiError } from './api.server';
import { requireFirm } from './auth.server';
import type { SessionUser } from './session.server';

/**
 * An api failure as the response a route throws, so the error boundary shows its status
 * (403, 404, 503 when the api does not answer) instead of a bare 500. Anything else (a redirect
 * thrown by a guard, a bug) passes through unchanged.
 */
export function asErrorResponse(error: unknown): unknown {
  if (error instanceof ApiError) return json({ message: error.message }, { status: error.status });
  return error;
}

/**
 * The guard of every workspace loader and action: a firm account or an employee (others are
 * redirected as `requireFirm` does), with an api failure shown inside the workspace shell.
 */
export async function requireWorkspaceUser(request: Request): Promise<SessionUser> {
  try {
    return await requireFirm(request);
  } catch (error) {
    throw asErrorResponse(error);
  }
}
