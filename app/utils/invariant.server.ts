import { json } from '@remix-run/node';

/**
 * Throws a 4xx response (rendered by the route's error boundary) unless `condition` holds: the
 * Epic Stack's `invariantResponse`, for what a loader or action cannot go on without.
 */
export function invariantResponse(condition: unknown, message: string, status = 400): asserts condition {
  if (!condition) throw json({ message }, { status });
}
