import type { Database } from '../db/connection.js';
import { deletePendingUploads, insertPendingUpload, takeStaleUploads, type NewUpload, type PendingUpload } from '../queries/pending-uploads.js';
import type { Storage } from './storage/storage.js';

/**
 * Uploads waiting for the record that will use them (docs/decisions/078). An upload is recorded
 * before its files are written, so every stored byte is tracked; the record that uses it claims it
 * (deletes its row) in its own transaction; the clean-up removes what nobody claimed within a day.
 */

/** How long an upload may wait for its record. */
export const PENDING_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Records an upload, then runs `write` (which stores its files). When writing fails, whatever was
 * written and the record go, so nothing is left half-stored.
 */
export async function storeUpload(db: Database, storage: Storage, upload: NewUpload, write: () => Promise<void>): Promise<PendingUpload> {
  const row = await insertPendingUpload(db, upload);
  try {
    await write();
  } catch (error) {
    await discardUploads(db, storage, [row]).catch(() => {});
    throw error;
  }
  return row;
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
  await deletePendingUploads(db, rows.map((r) => r.id));
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
      const rows = await takeStaleUploads(tx, cutoff, batch);
      await deleteFiles(storage, rows);
      return rows.length;
    });
    removed += count;
    if (count < batch) return removed;
  }
}
