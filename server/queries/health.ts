import { sql } from 'drizzle-orm';
import type { Database } from '../db/connection.js';

/** The cheapest statement that proves the database answers (the readiness check). */
export const pingDatabase = (db: Database) => db.execute(sql`select 1`);
