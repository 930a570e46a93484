import fs from 'node:fs';
import path from 'node:path';

/** What a migration run did: the tags of the migrations it applied, and how many were there before. */
export type MigrationRun = { applied: string[]; before: number; after: number };

type Query = (text: string) => Promise<{ rows: Array<{ created_at: string | number }> }>;

/**
 * Runs `migrate` and tells which migrations it applied (the api logs them when it starts, so an
 * upgrade's log says what changed in the database; README "Production"). drizzle records each
 * applied migration in drizzle.__drizzle_migrations with its journal entry's `when` as created_at;
 * the rows that are new afterwards are named by their journal tags.
 */
export async function migrateAndReport(migrationsFolder: string, query: Query, migrate: () => Promise<unknown>): Promise<MigrationRun> {
  const recorded = async () => {
    try {
      return (await query('select created_at from drizzle.__drizzle_migrations')).rows.map((row) => Number(row.created_at));
    } catch {
      // A database never migrated has no such table yet.
      return [];
    }
  };
  const before = await recorded();
  await migrate();
  const after = await recorded();
  const known = new Set(before);
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ when: number; tag: string }> };
  const tagOf = new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
  const applied = after.filter((when) => !known.has(when)).map((when) => tagOf.get(when) ?? String(when));
  return { applied, before: before.length, after: after.length };
}

/** The log line of a migration run. */
export function logMigrationRun(log: { info?: (details: object, message: string) => void } | undefined, run: MigrationRun) {
  if (run.applied.length) log?.info?.({ migrations: run.applied, recorded: run.after }, `migrations applied: ${run.applied.join(', ')}`);
  else log?.info?.({ recorded: run.after }, 'database schema up to date: no migration to apply');
}

/** PostgreSQL's codes for a deadlock and for a lock not granted within `lock_timeout`. */
const LOCK_CONFLICTS = new Set(['40P01', '55P03']);
const codeOf = (error: unknown): unknown => (error as { code?: unknown })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code;

export type YieldingOptions = { lockTimeoutMs?: number; attempts?: number; pause?: (attempt: number) => Promise<void> };

/**
 * Runs `migrate` on a database that the release before is still serving (a rolling upgrade,
 * docs/decisions/431): its statements wait at most `lockTimeoutMs` for a table's lock, and a run
 * that meets a lock it cannot have (or a deadlock with a visitor's transaction) is given up whole
 * (drizzle migrates in one transaction, so nothing of it stays) and tried again after a pause. The
 * migration is the one that yields: a visitor's request waiting behind it is held for at most that
 * long, instead of both waiting until PostgreSQL picks a victim, which may be the visitor (500s
 * and three "deadlock detected" seen in the deploy test's upgrade from an older release).
 */
export async function migrateYielding<T>(query: (text: string) => Promise<unknown>, migrate: () => Promise<T>, options: YieldingOptions = {}): Promise<T> {
  const { lockTimeoutMs = 500, attempts = 20, pause = (attempt) => new Promise((resolve) => setTimeout(resolve, Math.min(5000, 250 * 2 ** attempt))) } = options;
  await query(`set lock_timeout = '${Math.round(lockTimeoutMs)}ms'`);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await migrate();
      } catch (error) {
        if (!LOCK_CONFLICTS.has(codeOf(error) as string) || attempt >= attempts) throw error;
        await pause(attempt);
      }
    }
  } finally {
    await query('reset lock_timeout');
  }
}
