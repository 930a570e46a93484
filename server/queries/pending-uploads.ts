import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { pendingUploads } from '../db/schema/index.js';
import type { StorageArea } from '../services/storage/storage.js';

/** The table of uploads waiting for their record (docs/decisions/078); services/pending-uploads.ts keeps their files in step. */

export type UploadKind = 'project-image' | 'registration-document' | 'project-photo' | 'project-file' | 'schedule-image' | 'task-file';
export type PendingUpload = typeof pendingUploads.$inferSelect;
type Tx = Pick<Database, 'select' | 'delete'>;

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

export async function insertPendingUpload(db: Database, upload: NewUpload): Promise<PendingUpload> {
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

export async function deletePendingUploads(db: Database, ids: string[]) {
  await db.delete(pendingUploads).where(inArray(pendingUploads.id, ids));
}

/** Up to `batch` uploads older than `cutoff`, deleted and answered; rows another replica holds are skipped (SKIP LOCKED). */
export async function takeStaleUploads(tx: Database, cutoff: Date, batch: number): Promise<PendingUpload[]> {
  const stale = tx
    .select({ id: pendingUploads.id })
    .from(pendingUploads)
    .where(lt(pendingUploads.createdAt, cutoff))
    .orderBy(asc(pendingUploads.createdAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  return tx.delete(pendingUploads).where(inArray(pendingUploads.id, stale)).returning();
}

/** Files whose deletion failed, recorded as an upload dated long ago: the clean-up's next pass removes them. */
export async function recordFilesToRemove(db: Database, kind: UploadKind, area: StorageArea, keys: string[]) {
  await db.insert(pendingUploads).values({ id: newId(), ownerId: null, kind, area, keys, createdAt: new Date(0) });
}
