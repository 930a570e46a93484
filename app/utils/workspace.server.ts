import { json } from '@remix-run/node';
import { ApiError } from './api.server';

/**
 * An api failure as the response a route throws, so the error boundary shows its status
 * (403, 404, 503 when the api does not answer) instead of a bare 500. Anything else (a redirect
 * thrown by a guard, a bug) passes through unchanged.
 */
export function asErrorResponse(error: unknown): unknown {
  if (error instanceof ApiError) return json({ message: error.message }, { status: error.status });
  return error;
}
