import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { projects } from './projects';

// Pricing, moderation and platform administrators (branch pricing-admin) ------------------

/**
 * A firm's plan (DESIGN.md section 9, "Calendar and pricing"): one row per firm, made when it first
 * starts its trial or asks to subscribe. The trial runs once per firm (`trialStartedAt` is set once);
 * `requestedAt` is the last "Continue"; `paidUntil` is set by the super-admin. Nothing is locked by it.
 */
export const firmSubscriptions = pgTable(
  'firm_subscriptions',
  {
    firmId: text('firm_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    /** Who asked (the firm or one of its sub-admins). */
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    paidMarkedAt: timestamp('paid_marked_at', { withTimezone: true }),
    paidMarkedBy: text('paid_marked_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The admin's Workspace list filters open requests and sorts by them.
    index('firm_subscriptions_requested_idx').on(t.requestedAt),
    index('firm_subscriptions_paid_until_idx').on(t.paidUntil),
    index('firm_subscriptions_requested_by_idx').on(t.requestedBy),
    index('firm_subscriptions_paid_marked_by_idx').on(t.paidMarkedBy),
  ],
);

/**
 * Showcase moderation: a public project the super-admin hid (with the reason). The public side's one
 * visibility condition (server/queries/visibility.ts) excludes every project listed here.
 */
export const hiddenProjects = pgTable(
  'hidden_projects',
  {
    projectId: text('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    hiddenBy: text('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenAt: createdAt(),
  },
  (t) => [index('hidden_projects_hidden_by_idx').on(t.hiddenBy)],
);

/** Showcase moderation: a firm whose whole public side (portfolio, directory card, search) is hidden. */
export const hiddenPortfolios = pgTable(
  'hidden_portfolios',
  {
    firmId: text('firm_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    hiddenBy: text('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenAt: createdAt(),
  },
  (t) => [index('hidden_portfolios_hidden_by_idx').on(t.hiddenBy)],
);

/**
 * The showcase's totals, one row: `visibleProjects` is the number of projects the public sees (the
 * count of `visibleProject()` in server/queries/visibility.ts, the explore gallery's total), kept by
 * the triggers of migration 0016 (docs/decisions/185) as the listed firms' `shownProjectCount` summed.
 * Never written by the api.
 */
export const showcaseTotals = pgTable(
  'showcase_totals',
  {
    id: smallint('id').primaryKey().default(1),
    visibleProjects: bigint('visible_projects', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('showcase_totals_one_row', sql`${t.id} = 1`)],
);

/**
 * Sub-admins: super-admin accounts made in the admin area by an owner (docs/decisions/127). A
 * super-admin without a row here is an owner (made by `npm run admin:create`) and may manage them.
 */
export const subAdmins = pgTable(
  'sub_admins',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('sub_admins_created_by_idx').on(t.createdBy)],
);

/**
 * Secrets the api makes itself and every replica shares: one row per name, made
 * on first use (`insert … on conflict do nothing`, then read), e.g. the key that signs enquiry form
 * tokens. Never sent anywhere.
 */
export const platformSecrets = pgTable('platform_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
