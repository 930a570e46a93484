import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';

/**
 * A firm's names as the header search matches them (firm name, then contact name), one expression
 * for its trigram index and the query (server/queries/showcase.ts) alike. The newline between them
 * keeps a searched text from matching across the two.
 */
export const searchableFirmName = (t: { firmName: AnyPgColumn; userName: AnyPgColumn }) => sql`(coalesce(${t.firmName}, '') || E'\\n' || ${t.userName})`;

export const users = pgTable(
  'users',
  {
    id: id(),
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role').notNull().default('explorer'),
    loginType: text('login_type').notNull().default('normal'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    isVerify: integer('is_verify').notNull().default(0),
    verifyNote: text('verify_note'),
    firmName: text('firm_name'),
    /** The firm's time zone (decision 265): every date its people are shown, mailed or sent in a file. An employee's is its firm's. */
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    firmType: text('firm_type'),
    businessEmail: text('business_email'),
    contactNo: text('contact_no'),
    website: text('website'),
    address: text('address'),
    country: text('country'),
    state: text('state'),
    city: text('city'),
    userDetails: text('user_details'),
    profileImage: text('profile_image'),
    /** Storage key of the private firm registration document. */
    documentKey: text('document_key'),
    documentName: text('document_name'),
    firmId: text('firm_id'),
    designation: text('designation'),
    isSubAdmin: boolean('is_sub_admin').notNull().default(false),
    /**
     * docs/decisions/258: A plain employee the firm lets see and edit margins
     * (trade price, net profit, markup). The firm and its sub-admins always may; off by default.
     */
    canSeeFinancials: boolean('can_see_financials').notNull().default(false),
    /**
     * Team: set when the firm deactivates an employee. Its sessions are deleted then and
     * no new one opens; the account and everything it did stay (reactivating clears it).
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /**
     * docs/decisions/236: Set when a firm creates an employee account, cleared
     * when its person confirms the address through the welcome mail's link. While set, the account
     * cannot sign in, does not block the address's owner from signing up, and lapses after 7 days.
     */
    unconfirmedSince: timestamp('unconfirmed_since', { withTimezone: true }),
    /** The hash of the welcome mail's one-time link (null once used, released or lapsed). */
    confirmationTokenHash: text('confirmation_token_hash'),
    /**
     * When the account last proved it receives mail at `email` (docs/decisions/340): a mailed code
     * redeemed (password reset, email change), the employee welcome link, or a sign-in whose
     * provider verified the address. Null: never proven. An enquiry is trusted only from an
     * account with a proven address.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /**
     * How many of its projects are shown (`shownProject()` in server/queries/visibility.ts: not
     * private, not hidden), kept by triggers of migration 0014 (docs/decisions/183) so the explore
     * gallery's total sums firms instead of counting projects. Never written by the api.
     */
    shownProjectCount: integer('shown_project_count').notNull().default(0),
    /**
     * The firm's visible reviews (docs/decisions/409): how many, the sum of their ratings and the
     * average in hundredths (4.67 is 467, half up; 0 without reviews), kept by the transactions that
     * add, hide or show a review (server/queries/reviews.ts `refreshFirmRating`), so the directory
     * sorts by rating on an index and a card reads its figures without counting.
     */
    reviewCount: integer('review_count').notNull().default(0),
    reviewRatingSum: integer('review_rating_sum').notNull().default(0),
    ratingCenti: integer('rating_centi').notNull().default(0),
    /** The version a change must name (docs/decisions/320): raised by every edit; a stale one answers 409. */
    version: integer('version').notNull().default(1),
    /** Who made the last versioned edit (an employee's record by its firm, decision 320). */
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An employee belongs to its firm's account; deleting the firm deletes its employees.
    foreignKey({ name: 'users_firm_id_fk', columns: [t.firmId], foreignColumns: [t.id] }).onDelete('cascade'),
    foreignKey({ name: 'users_updated_by_fk', columns: [t.updatedBy], foreignColumns: [t.id] }).onDelete('set null'),
    index('users_updated_by_idx').on(t.updatedBy),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_directory_idx').on(t.isVerify, t.role, t.country, t.state, t.city),
    index('users_firm_id_idx').on(t.firmId),
    index('users_created_at_idx').on(t.createdAt),
    uniqueIndex('users_confirmation_token_idx').on(t.confirmationTokenHash),
    // The housekeeping's pass over lapsed accounts reads only the unconfirmed ones.
    index('users_unconfirmed_idx').on(t.unconfirmedSince).where(sql`${t.unconfirmedSince} is not null`),
    // Performance (docs/decisions/136, 184): the header search's ILIKE '%…%' on a listed
    // firm's names (pg_trgm, one expression so the planner weighs one index, not an OR of two), and
    // the directory's case-insensitive place filters.
    index('users_search_name_trgm_idx')
      .using('gin', sql`${searchableFirmName(t)} gin_trgm_ops`)
      .where(sql`${t.isVerify} = 2`)
      .with({ fastupdate: false }),
    index('users_directory_place_idx').on(t.isVerify, t.role, sql`lower(${t.country})`, sql`lower(${t.state})`, sql`lower(${t.city})`),
    // The directory in its order (docs/decisions/175), approved accounts only (2 = VERIFY.approved):
    // the whole directory, and a city chosen with its country and state, read from a keyset cursor.
    index('users_directory_name_idx')
      .on(sql`lower(coalesce(${t.firmName}, ${t.userName}))`, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.isVerify} = 2`),
    index('users_directory_city_name_idx')
      .on(sql`lower(${t.country})`, sql`lower(${t.state})`, sql`lower(${t.city})`, sql`lower(coalesce(${t.firmName}, ${t.userName}))`, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.isVerify} = 2`),
    // The directory by rating (docs/decisions/409): best average first, more reviews first, then id.
    index('users_directory_rating_idx').on(t.ratingCenti.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.id).where(sql`${t.isVerify} = 2`),
    // A city chosen with its country and no state (a country without states, decision 157).
    index('users_directory_country_city_name_idx')
      .on(sql`lower(${t.country})`, sql`lower(${t.city})`, sql`lower(coalesce(${t.firmName}, ${t.userName}))`, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.isVerify} = 2`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** 'user' for the product, 'admin' for the super-admin area: an admin token is refused elsewhere and vice versa. */
    kind: text('kind').notNull().default('user'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /**
     * What Setting shows of a session (decision 332): the browser's User-Agent and the visitor's
     * address when it was opened (null for sessions older than these columns), and when it was last
     * used, written at most once a minute.
     */
    userAgent: text('user_agent'),
    address: text('address'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    /** The account the code proves, or null for a client portal's code (portalId). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The client portal whose contact the code was mailed to (docs/decisions/391). No foreign key:
     * the portal's schema imports this file; a code outlives its portal by at most its 10 minutes.
     */
    portalId: text('portal_id'),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    /** The address a login-email change moves to (purpose 'email-change'); the code was mailed there. */
    newEmail: text('new_email'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_codes_user_idx').on(t.userId, t.purpose), index('one_time_codes_portal_idx').on(t.portalId, t.purpose)],
);

export const socialIdentities = pgTable(
  'social_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('social_identities_user_idx').on(t.userId)],
);

/** Profile teams of a firm (the profile edit modal's repeatable rows). */
export const teamMembers = pgTable(
  'team_members',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    profileImage: text('profile_image'),
  },
  (t) => [index('team_members_user_idx').on(t.userId, t.position)],
);
