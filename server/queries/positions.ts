import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { moveId } from '../contract/summary-rules.js';
import type { Database } from '../db/connection.js';

/**
 * The one ordering helper of the summary (docs/decisions/101): rows of a parent carry an integer
 * `position`, always 0..n-1 in order. Every change of order reads the parent's ids in order,
 * computes the new order with `moveId` (summary-rules.ts, the same rule the editor's reducer
 * uses) and writes every position that changed in one statement, inside the caller's
 * transaction, which holds the schedule's row lock (decision 102), so two moves never interleave.
 */

/** A table with `id` and `position`, and the column naming its parent. */
export type Ordered = { table: PgTable; id: PgColumn; position: PgColumn; parent: PgColumn };

/** The ids under `parentId`, in order. */
export async function orderedIds(tx: Database, o: Ordered, parentId: string): Promise<string[]> {
  const rows = (await tx.execute(sql`select ${o.id} as id from ${o.table} where ${o.parent} = ${parentId} order by ${o.position}, ${o.id}`)) as unknown;
  return resultRows<{ id: string }>(rows).map((r) => r.id);
}

/** PGlite answers `{ rows }`, node-postgres a result with `rows` as well: one reader for both. */
function resultRows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/**
 * Writes `ids` as positions 0..n-1 of `parentId` (also moving a row into that parent) in one
 * UPDATE … FROM (VALUES …). `before` is the order the rows had, so unchanged rows are not written.
 */
export async function writeOrder(tx: Database, o: Ordered, parentId: string, ids: readonly string[], before: readonly string[] = []): Promise<void> {
  const changed = ids.map((id, index) => ({ id, index })).filter(({ id, index }) => before[index] !== id);
  if (!changed.length) return;
  const values: SQL = sql.join(
    changed.map(({ id, index }) => sql`(${id}::text, ${index}::int)`),
    sql`, `,
  );
  const positionName = sql.identifier(o.position.name);
  const parentName = sql.identifier(o.parent.name);
  await tx.execute(
    sql`update ${o.table} set ${positionName} = v.position, ${parentName} = ${parentId} from (values ${values}) as v(id, position) where ${o.id} = v.id`,
  );
}

/** Moves `id` to `index` under `parentId` (its own parent, or another one: then `fromParentId` closes its gap). */
export async function moveRow(tx: Database, o: Ordered, id: string, parentId: string, index: number, fromParentId?: string): Promise<void> {
  if (fromParentId && fromParentId !== parentId) {
    const fromBefore = await orderedIds(tx, o, fromParentId);
    const fromAfter = fromBefore.filter((x) => x !== id);
    await writeOrder(tx, o, fromParentId, fromAfter, fromBefore);
  }
  const before = await orderedIds(tx, o, parentId);
  await writeOrder(tx, o, parentId, moveId(before, id, index), before);
}

/** Closes the gap a deleted row left (positions stay 0..n-1). */
export async function closeGaps(tx: Database, o: Ordered, parentId: string): Promise<void> {
  const ids = await orderedIds(tx, o, parentId);
  const rows = resultRows<{ id: string; position: number }>(
    (await tx.execute(sql`select ${o.id} as id, ${o.position} as position from ${o.table} where ${o.parent} = ${parentId}`)) as unknown,
  );
  const current = new Map(rows.map((r) => [r.id, Number(r.position)]));
  const before = ids.map((id, index) => (current.get(id) === index ? id : ''));
  await writeOrder(tx, o, parentId, ids, before);
}

/** The position a new row takes at the end of its parent. */
export async function nextPosition(tx: Database, o: Ordered, parentId: string): Promise<number> {
  const rows = resultRows<{ n: number | string }>((await tx.execute(sql`select count(*) as n from ${o.table} where ${o.parent} = ${parentId}`)) as unknown);
  return Number(rows[0]?.n ?? 0);
}
