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
