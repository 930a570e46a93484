import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { users } from '../db/schema.js';

/** The account with this email (case-insensitive), or undefined. */
export const findUserByEmail = async (db: Database, email: string) =>
  // No stored email holds a NUL (PostgreSQL text cannot), and querying with one is a database error.
  email.includes('\u0000')
    ? undefined
    : (await db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1))[0];
