import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { pendingUploads } from '../db/schema/index.js';
import type { Storage, StorageArea } from './storage/storage.js';

/**
 * Uploads waiting for the record that will use them (docs/decisions/078). An upload is recorded
 * before its files are written, so every stored byte is tracked; the record that uses it claims it
 * (deletes its row) in its own transaction; the clean-up removes what nobody claimed within a day.
 */

export type UploadKind = 'project-image' | 'registration-document' | 'project-photo' | 'project-file' | 'schedule-image' | 'task-file';
export type PendingUpload = typeof pendingUploads.$inferSelect;
type Tx = Pick<Database, 'select' | 'delete'>;

/** How long an upload may wait for its record (issue 9, item 13). */
export const PENDING_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export type NewUpload = {
  ownerId: string;
  kind: UploadKind;
  area: StorageArea;
  keys: string[];
  fileName?: string;
  contentType?: string;
  size?: number;
  details?: Record<string, unknown>;
  /** Default: a new 24-hex id. */
  id?: string;
};

/**
 * Records an upload, then runs `write` (which stores its files). When writing fails, whatever was
 * written and the record go, so nothing is left half-stored.
 */
export async function storeUpload(db: Database, storage: Storage, upload: NewUpload, write: () => Promise<void>): Promise<PendingUpload> {
  const [row] = await db
    .insert(pendingUploads)
    .values({
      id: upload.id ?? newId(),
      ownerId: upload.ownerId,
      kind: upload.kind,
      area: upload.area,
      keys: upload.keys,
      fileName: upload.fileName ?? null,
      contentType: upload.contentType ?? null,
      size: upload.size ?? null,
      details: upload.details ?? {},
    })
    .returning();
  try {
    await write();
  } catch (error) {
    await discardUploads(db, storage, [row!]).catch(() => {});
    throw error;
  }
  return row!;
}

/** The owner's pending uploads of `kind` among `ids` (unknown, foreign and claimed ids are absent). */
export async function findUploads(db: Tx, ownerId: string, kind: UploadKind, ids: string[]): Promise<Map<string, PendingUpload>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(pendingUploads)
    .where(and(inArray(pendingUploads.id, ids), eq(pendingUploads.ownerId, ownerId), eq(pendingUploads.kind, kind)));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function findUpload(db: Tx, ownerId: string, kind: UploadKind, id: string): Promise<PendingUpload | null> {
  return (await findUploads(db, ownerId, kind, [id])).get(id) ?? null;
}

/**
 * Claims uploads for the record being written in transaction `tx`: their rows go, so the clean-up
 * leaves their files alone. Answers the rows claimed; fewer than asked means another request
 * claimed (or the clean-up removed) some in the meantime — the caller then refuses and rolls back.
 */
export async function claimUploads(tx: Tx, ownerId: string, kind: UploadKind, ids: string[]): Promise<PendingUpload[]> {
  if (!ids.length) return [];
  return tx
    .delete(pendingUploads)
    .where(and(inArray(pendingUploads.id, ids), eq(pendingUploads.ownerId, ownerId), eq(pendingUploads.kind, kind)))
    .returning();
}

async function deleteFiles(storage: Storage, rows: PendingUpload[]) {
  for (const area of ['public', 'private'] as const) {
    const keys = rows.filter((r) => r.area === area).flatMap((r) => r.keys);
    if (keys.length) await storage.delete(area, keys);
  }
}

/** Removes uploads nobody will use (a discarded one, a failed request's): files first, then rows. */
export async function discardUploads(db: Database, storage: Storage, rows: PendingUpload[]) {
  if (!rows.length) return;
  await deleteFiles(storage, rows);
  await db.delete(pendingUploads).where(inArray(pendingUploads.id, rows.map((r) => r.id)));
}

/**
 * The clean-up: removes uploads older than `maxAgeMs` with their files, `batch` at a time. Safe
 * with several api replicas running it at once: each batch locks its rows with SKIP LOCKED, so
 * replicas take disjoint rows, and a claim racing with it waits for the lock and then finds the row
 * gone. Files are deleted inside the transaction: if the storage fails, the rows come back and the
 * next run tries again (deleting is idempotent). Answers how many uploads were removed.
 */
export async function removeStaleUploads(db: Database, storage: Storage, options: { maxAgeMs?: number; batch?: number; now?: Date } = {}) {
  const cutoff = new Date((options.now ?? new Date()).getTime() - (options.maxAgeMs ?? PENDING_UPLOAD_MAX_AGE_MS));
  const batch = options.batch ?? 200;
  let removed = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const stale = tx
        .select({ id: pendingUploads.id })
        .from(pendingUploads)
        .where(lt(pendingUploads.createdAt, cutoff))
        .orderBy(asc(pendingUploads.createdAt))
        .limit(batch)
        .for('update', { skipLocked: true });
      const rows = await tx.delete(pendingUploads).where(inArray(pendingUploads.id, stale)).returning();
      await deleteFiles(storage, rows);
      return rows.length;
    });
    removed += count;
    if (count < batch) return removed;
  }
}
