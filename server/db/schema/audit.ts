import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { users } from './accounts';

/** Who did what to whom, when: kept when the actor or the firm goes (their ids become null). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The firm whose data was acted on, when there is one (a firm's audit trail). */
    firmId: text('firm_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    /** What `targetId` names: 'user', 'project', 'schedule', 'folder', 'file', 'member'… */
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_firm_idx').on(t.firmId, t.createdAt),
  ],
);

/**
 * Rate-limit counters shared by every api replica on PostgreSQL (docs/decisions/004-rate-limits.md):
 * a fixed window per key. Keys are hashes of the action and the account and/or address they count.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    /** When the last attempt counted under this key was made. */
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowEndsAt)],
);
