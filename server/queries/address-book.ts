import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { CONTACT_MESSAGES, type Contact, type ContactFields, type ContactKind } from '../contract/address-book.js';
import { notFound } from '../errors.js';
import { writeAtVersion } from './versions.js';
import type { Database } from '../db/connection.js';
import { contacts } from '../db/schema/index.js';
import { likePattern } from './sql.js';

/** Data access of the Address Book (docs/decisions/115) and its JSON. */

export type ContactRow = typeof contacts.$inferSelect;

export function toContactJson(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    email: row.email,
    phone: row.phone,
    kind: row.kind as ContactKind,
    notes: row.notes,
    isClient: row.isClient,
    isSupplier: row.isSupplier,
    address: row.address,
    state: row.state ?? '',
    gstin: row.gstin ?? '',
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const lowerName = sql`lower(${contacts.name})`;

/**
 * One page of a firm's contacts by name (contacts_firm_name_idx: firm, lower(name), id), after the
 * contact `after` (keyset: no OFFSET, stable while people add). A search matches name, company,
 * email or phone within the firm. Asks one more row to know whether a next page exists.
 */
export async function listContacts(db: Database, firmId: string, options: { q?: string; kind?: ContactKind; after?: string; limit: number }) {
  const filters: SQL[] = [eq(contacts.firmId, firmId)];
  const q = options.q?.replaceAll('\u0000', '').trim();
  if (q) {
    const pattern = likePattern(q);
    filters.push(or(ilike(contacts.name, pattern), ilike(contacts.company, pattern), ilike(contacts.email, pattern), ilike(contacts.phone, pattern))!);
  }
  // Clients and suppliers by their marks (a consultant may be invoiced too; docs/decisions/257).
  if (options.kind === 'client') filters.push(eq(contacts.isClient, true));
  else if (options.kind === 'supplier') filters.push(eq(contacts.isSupplier, true));
  else if (options.kind) filters.push(eq(contacts.kind, options.kind));
  if (options.after) {
    const [cursor] = await db.select({ name: contacts.name, id: contacts.id }).from(contacts).where(and(eq(contacts.id, options.after), eq(contacts.firmId, firmId))).limit(1);
    // An unknown cursor (deleted meanwhile, or forged) starts from the top rather than failing.
    if (cursor) filters.push(sql`(${lowerName}, ${contacts.id}) > (lower(${cursor.name}), ${cursor.id})`);
  }
  const rows = await db
    .select()
    .from(contacts)
    .where(and(...filters))
    .orderBy(asc(lowerName), asc(contacts.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  return { rows: page, next: rows.length > options.limit ? page[page.length - 1]!.id : null };
}

/** A contact of the firm, or undefined (another firm's contact is as unknown as a missing one). */
export async function findContact(db: Database, firmId: string, id: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(and(eq(contacts.id, id), eq(contacts.firmId, firmId))).limit(1);
  return row;
}

/** The row's values of a contact's fields: blank state and GSTIN are stored as null. */
const columnsOf = <F extends ContactFields>(fields: F) => ({ ...fields, state: fields.state || null, gstin: fields.gstin || null });

export async function insertContact(db: Pick<Database, 'insert'>, values: ContactFields & { id: string; firmId: string; createdBy: string }) {
  const [row] = await db.insert(contacts).values(columnsOf(values)).returning();
  return row!;
}

/** Changes a contact of the firm from the version it was read at (docs/decisions/320): 409 when changed meanwhile, 404 when gone. */
export async function updateContact(db: Database, firmId: string, id: string, actorId: string, fields: ContactFields, version: number): Promise<ContactRow> {
  return writeAtVersion(db, contacts, {
    key: and(eq(contacts.id, id), eq(contacts.firmId, firmId))!,
    version,
    actorId,
    set: columnsOf(fields),
    toJson: toContactJson,
    missing: () => notFound(CONTACT_MESSAGES.notFound),
  });
}

export async function deleteContact(db: Pick<Database, 'delete'>, firmId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.firmId, firmId)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}
