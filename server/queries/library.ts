import { and, asc, count, eq, sql } from 'drizzle-orm';
import { LIBRARY_MESSAGES, type LibraryProduct } from '../contract/library.js';
import { notFound } from '../errors.js';
import { writeAtVersion } from './versions.js';
import { libraryImageJson } from '../services/library-images.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { libraryProducts, summaryItems } from '../db/schema/index.js';

/** Data access of the Project Library (docs/decisions/108), over `db` or a transaction. */

export type LibraryRow = typeof libraryProducts.$inferSelect;
/** A product's fields; a trade price left out (from someone who does not see margins) keeps the saved one. */
type Fields = Pick<LibraryRow, 'title' | 'description' | 'retailPrice'> & { tradePrice?: number };
/** A new product's fields, with the folders of its images (copies made for it; docs/decisions/150). */
type NewFields = Fields & { images?: string[] };

export const toLibraryJson = (row: LibraryRow): LibraryProduct => ({
  id: row.id,
  title: row.title,
  description: row.description,
  retailPrice: row.retailPrice,
  tradePrice: row.tradePrice,
  imageCount: row.images.length,
  images: row.images.map(libraryImageJson),
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A firm's products by title. */
export const listLibrary = (db: Database, firmId: string) =>
  db.select().from(libraryProducts).where(eq(libraryProducts.firmId, firmId)).orderBy(asc(sql`lower(${libraryProducts.title})`), asc(libraryProducts.id));

export async function countLibrary(db: Database, firmId: string) {
  const [row] = await db.select({ n: count() }).from(libraryProducts).where(eq(libraryProducts.firmId, firmId));
  return Number(row?.n ?? 0);
}

/** A product of `firmId` (another firm's is absent). */
export async function findLibraryProduct(db: Database, firmId: string, id: string): Promise<LibraryRow | undefined> {
  const [row] = await db.select().from(libraryProducts).where(and(eq(libraryProducts.id, id), eq(libraryProducts.firmId, firmId))).limit(1);
  return row;
}

export async function insertLibraryProduct(db: Database, firmId: string, createdBy: string, fields: NewFields): Promise<LibraryRow> {
  const [row] = await db
    .insert(libraryProducts)
    .values({ id: newId(), firmId, createdBy, ...fields, tradePrice: fields.tradePrice ?? 0 })
    .returning();
  return row!;
}

/** Changes a product of the firm from the version it was read at (docs/decisions/320): 409 when changed meanwhile, 404 when gone. */
export async function updateLibraryProduct(db: Database, firmId: string, id: string, actorId: string, fields: Fields, version: number): Promise<LibraryRow> {
  return writeAtVersion(db, libraryProducts, {
    key: and(eq(libraryProducts.id, id), eq(libraryProducts.firmId, firmId))!,
    version,
    actorId,
    set: fields,
    toJson: toLibraryJson,
    missing: () => notFound(LIBRARY_MESSAGES.notFound),
  });
}

export async function deleteLibraryProduct(db: Database, firmId: string, id: string): Promise<LibraryRow | undefined> {
  const [row] = await db.delete(libraryProducts).where(and(eq(libraryProducts.id, id), eq(libraryProducts.firmId, firmId))).returning();
  return row;
}

/** Whether a product of `firmId` shows the image stored in `folder` (may it be served). */
export async function libraryHasImage(db: Database, firmId: string, folder: string): Promise<boolean> {
  const [row] = await db
    .select({ id: libraryProducts.id })
    .from(libraryProducts)
    .where(and(eq(libraryProducts.firmId, firmId), sql`${libraryProducts.images} @> ${JSON.stringify([folder])}::jsonb`))
    .limit(1);
  return !!row;
}

/** A summary item by id (its access is checked through its schedule first). */
export async function findSummaryItem(db: Database, id: string) {
  const [row] = await db.select().from(summaryItems).where(eq(summaryItems.id, id)).limit(1);
  return row;
}
