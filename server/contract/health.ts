import { z } from 'zod/v4';
import { operationsOf } from './operation.js';

/** What the readiness checks answer: each dependency's state, and the whole. */
export const Readiness = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unavailable']), storage: z.enum(['ok', 'unavailable']) });

const op = operationsOf('public', ['health']);

/**
 * The health checks (docs/decisions/350, 370): alive, and ready (the database and the file storage
 * answer); ready answers 503 with the same shape while a dependency does not. Never shed for load.
 */
export const healthOperations = {
  live: op({ method: 'GET', path: '/health/live', summary: 'Whether the process serves (restart it when not)', replies: { 200: z.object({ status: z.literal('ok') }) } }),
  health: op({ method: 'GET', path: '/health', summary: 'Whether the api, its database and its file storage answer (send it traffic only then)', replies: { 200: Readiness, 503: Readiness } }),
  ready: op({ method: 'GET', path: '/health/ready', summary: 'The same as /health: ready for traffic', replies: { 200: Readiness, 503: Readiness } }),
} as const;
