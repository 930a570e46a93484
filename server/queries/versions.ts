import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connection.js';
import type { ChangedBy } from '../contract/http.js';
import { users } from '../db/schema/index.js';
import { HttpError, StaleError } from '../errors.js';

/**
 * The one versioned write of the api (docs/decisions/320). Every editable record has `version`
 * (raised by each edit), `updated_at` and, where another person may edit it, `updated_by`. A change
 * names the version its person read; the write is one compare-and-set,
 * `UPDATE … SET …, version = version + 1 WHERE <key> AND version = $v RETURNING *`, so two changes
 * made from the same version cannot both succeed, whatever the order their transactions commit in
 * (PostgreSQL re-checks the WHERE against the row another transaction committed meanwhile). When
 * nothing was written the row is read again: gone is the caller's 404, there is a 409 with the
 * record as it now is, who changed it and when.
 */

export type VersionedTable = PgTable & { version: PgColumn; updatedAt: PgColumn; updatedBy?: PgColumn };

type Row<T extends VersionedTable> = T['$inferSelect'] & { updatedAt: Date };

type VersionedWrite<T extends VersionedTable, J> = {
  /** Which row: its id, and the owner's id wherever the route checks ownership by the key. */
  key: SQL;
  /** The version the change was made from. */
  version: number;
  /** Who makes the change: named in the 409 of whoever comes next from an older version. */
  actorId: string;
  /** The changed columns (only these are written, with the new version and time). */
  set: Partial<T['$inferInsert']>;
  /** The record's JSON (with its `version`) that a 409 sends as `current`. */
  toJson: (row: Row<T>) => J | Promise<J>;
  /** The answer when the row is not there (deleted meanwhile, another firm's). */
  missing: () => HttpError;
  /** The editor a 409 names for a table without `updated_by`: the one person who edits its rows (their own settings). */
  editorId?: string;
};

/** Writes `set` when the row is still at `version`; answers the written row, else throws the 409 or the caller's 404. */
export async function writeAtVersion<T extends VersionedTable, J>(db: Database, table: T, write: VersionedWrite<T, J>): Promise<Row<T>> {
  const values = {
    ...write.set,
    version: sql`${table.version} + 1`,
    updatedAt: new Date(),
    ...(table.updatedBy ? { updatedBy: write.actorId } : {}),
  };
  const [row] = (await db
    .update(table)
    .set(values as never)
    .where(and(write.key, eq(table.version, write.version)))
    .returning()) as Row<T>[];
  if (row) return row;
  throw await staleOrMissing(db, table, write.key, write.toJson, write.missing, write.editorId);
}

/** The 409 for the row under `key` as it now is, or the caller's 404 when it is gone. */
export async function staleOrMissing<T extends VersionedTable, J>(
  db: Database,
  table: T,
  key: SQL,
  toJson: (row: Row<T>) => J | Promise<J>,
  missing: () => HttpError,
  editorId?: string,
): Promise<HttpError> {
  const [row] = (await db
    .select()
    .from(table as PgTable)
    .where(key)
    .limit(1)) as Row<T>[];
  if (!row) return missing();
  return staleFor(row, toJson, await editorOf(db, table.updatedBy ? (row as { updatedBy?: string | null }).updatedBy : editorId));
}

/** The account that made a record's last edit, by name (null when unknown or gone). */
export async function editorOf(db: Database, id: string | null | undefined): Promise<ChangedBy> {
  if (!id) return null;
  const [editor] = await db.select({ id: users.id, name: users.userName }).from(users).where(eq(users.id, id)).limit(1);
  return editor ?? null;
}

/** The 409 of a row read (and locked) by the caller whose version is not the one the change named. */
export async function staleFor<R extends { updatedAt: Date }, J>(row: R, toJson: (row: R) => J | Promise<J>, changedBy: ChangedBy, message?: string): Promise<StaleError> {
  return new StaleError({ current: await toJson(row), changedBy, changedAt: row.updatedAt.toISOString() }, message);
}
