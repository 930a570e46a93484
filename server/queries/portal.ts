import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { PaymentNote, PaymentNoteStatus, PortalFile, PortalInvoice, PortalSchedule } from '../contract/portal.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import {
  clientPortals,
  contacts,
  files,
  portalFiles as portalFilesTable,
  invoicePayments,
  invoices,
  paymentNotes,
  portalProofs,
  portalViews,
  projects,
  schedules,
  shareLinks,
  summarySections,
  users,
} from '../db/schema/index.js';
import { isOverdue, outstandingOf } from '../money/balance.js';

/** Data access of the client portal (docs/decisions/390–392), over `db` or a transaction. */

export type PortalRow = typeof clientPortals.$inferSelect;
export type PaymentNoteRow = typeof paymentNotes.$inferSelect;
export type ViewKind = 'portal' | 'invoice' | 'schedule' | 'fee-proposal' | 'file';

const firmName = sql<string>`coalesce(nullif(${users.firmName}, ''), ${users.userName})`;

/** The portal a token's hash names, with its contact and firm (the client's page header). */
export async function findPortalByTokenHash(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      portal: clientPortals,
      contact: { id: contacts.id, name: contacts.name, email: contacts.email, phone: contacts.phone },
      firm: {
        id: users.id,
        name: firmName,
        timeZone: users.timeZone,
        email: sql<string>`coalesce(nullif(trim(${users.businessEmail}), ''), ${users.email})`,
        phone: sql<string>`coalesce(${users.contactNo}, '')`,
        image: users.profileImage,
      },
    })
    .from(clientPortals)
    .innerJoin(contacts, eq(contacts.id, clientPortals.contactId))
    .innerJoin(users, eq(users.id, clientPortals.firmId))
    .where(eq(clientPortals.tokenHash, tokenHash))
    .limit(1);
  return row;
}
export type FoundPortal = NonNullable<Awaited<ReturnType<typeof findPortalByTokenHash>>>;

export async function findPortal(db: Database, id: string): Promise<PortalRow | undefined> {
  const [row] = await db.select().from(clientPortals).where(eq(clientPortals.id, id)).limit(1);
  return row;
}

/** The contact's open portal, if any. */
export async function openPortalOf(db: Database, contactId: string): Promise<PortalRow | undefined> {
  const [row] = await db.select().from(clientPortals).where(and(eq(clientPortals.contactId, contactId), isNull(clientPortals.revokedAt))).limit(1);
  return row;
}

/** The contact's latest portal, open or revoked (the firm's page says which). */
export async function latestPortalOf(db: Database, contactId: string): Promise<PortalRow | undefined> {
  const [row] = await db.select().from(clientPortals).where(eq(clientPortals.contactId, contactId)).orderBy(desc(clientPortals.createdAt)).limit(1);
  return row;
}

export async function insertPortal(db: Database, values: Pick<PortalRow, 'firmId' | 'contactId' | 'tokenHash' | 'createdBy'>, seal: (id: string) => Promise<string>): Promise<PortalRow> {
  const id = newId();
  const [row] = await db
    .insert(clientPortals)
    .values({ id, ...values, tokenSealed: await seal(id) })
    .returning();
  return row!;
}

/** Revokes the portal and every link it shared, at once. */
export async function revokePortal(db: Database, portal: PortalRow, actorId: string, now = new Date()) {
  await db.update(clientPortals).set({ revokedAt: now, revokedBy: actorId }).where(eq(clientPortals.id, portal.id));
  await db
    .update(shareLinks)
    .set({ revokedAt: now, revokedBy: actorId, revokeReason: 'The client portal was revoked' })
    .where(and(eq(shareLinks.portalId, portal.id), isNull(shareLinks.revokedAt)));
}

/** The portal's own first and last visit. */
export async function touchPortal(db: Database, portal: PortalRow, now = new Date()) {
  await db
    .update(clientPortals)
    .set({ lastOpenedAt: now, ...(portal.firstOpenedAt ? {} : { firstOpenedAt: now }) })
    .where(eq(clientPortals.id, portal.id));
}

/** Records that the client opened something: the first time is kept, the last moves. */
export async function touchView(db: Database, portalId: string, kind: ViewKind, targetId: string, now = new Date()) {
  await db
    .insert(portalViews)
    .values({ portalId, kind, targetId, firstOpenedAt: now, lastOpenedAt: now })
    .onConflictDoUpdate({ target: [portalViews.portalId, portalViews.kind, portalViews.targetId], set: { lastOpenedAt: now } });
}

async function viewsOf(db: Database, portalId: string) {
  const rows = await db.select().from(portalViews).where(eq(portalViews.portalId, portalId));
  return new Map(rows.map((r) => [`${r.kind}:${r.targetId}`, { firstOpenedAt: r.firstOpenedAt.toISOString(), lastOpenedAt: r.lastOpenedAt.toISOString() }]));
}
const NOT_OPENED = { firstOpenedAt: null, lastOpenedAt: null };

// --- Proofs ---------------------------------------------------------------

export async function insertProof(db: Database, portalId: string, tokenHash: string, expiresAt: Date) {
  await db.insert(portalProofs).values({ id: newId(), portalId, tokenHash, expiresAt });
}

/** Whether one of the proofs (their hashes) is a valid one of the portal. */
export async function hasValidProof(db: Database, portalId: string, tokenHashes: string[], now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: portalProofs.id })
    .from(portalProofs)
    .where(and(eq(portalProofs.portalId, portalId), inArray(portalProofs.tokenHash, tokenHashes), gt(portalProofs.expiresAt, now)))
    .limit(1);
  return !!row;
}

// --- What is shared ---------------------------------------------------------

/** The schedules shared through the portal (its open links), with their sections' decisions counted in one query. */
export async function portalSchedules(db: Database, portalId: string, pathOf: (link: typeof shareLinks.$inferSelect) => Promise<string | null>, now = new Date()): Promise<PortalSchedule[]> {
  const links = await db
    .select({ link: shareLinks, title: schedules.title, projectName: projects.projectName })
    .from(shareLinks)
    .innerJoin(schedules, eq(schedules.id, shareLinks.scheduleId))
    .innerJoin(projects, eq(projects.id, shareLinks.projectId))
    .where(and(eq(shareLinks.portalId, portalId), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)))
    .orderBy(desc(shareLinks.createdAt));
  if (!links.length) return [];
  const ids = links.map((l) => l.link.scheduleId);
  const counts = await db
    .select({
      scheduleId: summarySections.scheduleId,
      sections: sql<number>`count(*)::int`,
      approved: sql<number>`count(*) filter (where ${summarySections.status} = 'approved')::int`,
      rejected: sql<number>`count(*) filter (where ${summarySections.status} = 'rejected')::int`,
    })
    .from(summarySections)
    .where(inArray(summarySections.scheduleId, ids))
    .groupBy(summarySections.scheduleId);
  const byId = new Map(counts.map((c) => [c.scheduleId, c]));
  const views = await viewsOf(db, portalId);
  return Promise.all(
    links.map(async ({ link, title, projectName }) => ({
      id: link.scheduleId,
      title,
      projectName,
      path: await pathOf(link),
      sections: byId.get(link.scheduleId)?.sections ?? 0,
      approved: byId.get(link.scheduleId)?.approved ?? 0,
      rejected: byId.get(link.scheduleId)?.rejected ?? 0,
      ...(views.get(`schedule:${link.scheduleId}`) ?? NOT_OPENED),
    })),
  );
}

/** Whether the portal already shares this schedule through an open link. */
export async function portalSharesSchedule(db: Database, portalId: string, scheduleId: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: shareLinks.id })
    .from(shareLinks)
    .where(and(eq(shareLinks.portalId, portalId), eq(shareLinks.scheduleId, scheduleId), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)))
    .limit(1);
  return !!row;
}

/**
 * The contact's documents the portal shows (docs/decisions/390): every issued invoice and credit
 * note billed to the contact, never a draft; a void invoice stays listed as void.
 */
const contactDocuments = (firmId: string, contactId: string) => and(eq(invoices.issuerId, firmId), eq(invoices.contactId, contactId), ne(invoices.status, 'draft'));

export async function portalInvoices(db: Database, firmId: string, contactId: string, portalId: string | null, today: string): Promise<PortalInvoice[]> {
  const pending = db
    .select({ invoiceId: paymentNotes.invoiceId, n: sql<number>`count(*)::int`.as('n') })
    .from(paymentNotes)
    .where(eq(paymentNotes.status, 'pending'))
    .groupBy(paymentNotes.invoiceId)
    .as('pending');
  const rows = await db
    .select({ invoice: invoices, projectName: projects.projectName, pending: sql<number>`coalesce(${pending.n}, 0)::int` })
    .from(invoices)
    .leftJoin(projects, eq(projects.id, invoices.projectId))
    .leftJoin(pending, eq(pending.invoiceId, invoices.id))
    .where(contactDocuments(firmId, contactId))
    .orderBy(desc(invoices.issueDate), desc(invoices.createdAt))
    .limit(200);
  const views = portalId ? await viewsOf(db, portalId) : new Map();
  return rows.map(({ invoice: row, projectName, pending: pendingNotes }) => {
    const balance = { total: row.total, credited: row.credited, received: row.received };
    const open = row.status === 'issued' || row.status === 'part_paid';
    return {
      id: row.id,
      kind: row.kind as PortalInvoice['kind'],
      number: row.number ?? '',
      projectName,
      issueDate: row.issueDate ?? '',
      dueDate: row.dueDate,
      total: row.total,
      received: row.received,
      outstanding: open ? outstandingOf(balance) : 0,
      status: row.status,
      overdue: open && row.kind === 'invoice' && isOverdue(balance, row.dueDate, today),
      pendingNotes,
      ...(views.get(`invoice:${row.id}`) ?? NOT_OPENED),
    };
  });
}

/** One of the contact's documents, or undefined (a draft, another contact's, another firm's). */
export async function portalInvoiceRow(db: Database, firmId: string, contactId: string, invoiceId: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), contactDocuments(firmId, contactId)))
    .limit(1);
  return row;
}

export async function viewOf(db: Database, portalId: string, kind: ViewKind, targetId: string) {
  const [row] = await db
    .select()
    .from(portalViews)
    .where(and(eq(portalViews.portalId, portalId), eq(portalViews.kind, kind), eq(portalViews.targetId, targetId)))
    .limit(1);
  return row ? { firstOpenedAt: row.firstOpenedAt.toISOString(), lastOpenedAt: row.lastOpenedAt.toISOString() } : NOT_OPENED;
}

// --- Payment notes ----------------------------------------------------------

const noteSelect = (db: Database) =>
  db
    .select({
      note: paymentNotes,
      invoiceNumber: sql<string>`coalesce(${invoices.number}, '')`,
      clientName: sql<string>`coalesce(nullif(${invoices.buyer}->>'legalName', ''), ${contacts.name}, '')`,
      receiptNumber: invoicePayments.receiptNumber,
    })
    .from(paymentNotes)
    .innerJoin(invoices, eq(invoices.id, paymentNotes.invoiceId))
    .leftJoin(contacts, eq(contacts.id, invoices.contactId))
    .leftJoin(invoicePayments, eq(invoicePayments.id, paymentNotes.paymentId));

type NoteWithNames = { note: PaymentNoteRow; invoiceNumber: string; clientName: string; receiptNumber: string | null };

export const toPaymentNoteJson = ({ note, invoiceNumber, clientName, receiptNumber }: NoteWithNames): PaymentNote => ({
  id: note.id,
  invoiceId: note.invoiceId,
  invoiceNumber,
  clientName,
  amount: note.amount,
  method: note.method as PaymentNote['method'],
  reference: note.reference,
  paidOn: note.paidOn,
  status: note.status as PaymentNoteStatus,
  receiptNumber,
  declineReason: note.declineReason,
  createdAt: note.createdAt.toISOString(),
});

export async function notesOfFirm(db: Database, firmId: string, filter: { status?: PaymentNoteStatus; invoiceId?: string; contactId?: string }, limit = 200): Promise<PaymentNote[]> {
  const rows = await noteSelect(db)
    .where(
      and(
        eq(paymentNotes.firmId, firmId),
        filter.status ? eq(paymentNotes.status, filter.status) : undefined,
        filter.invoiceId ? eq(paymentNotes.invoiceId, filter.invoiceId) : undefined,
        filter.contactId ? eq(invoices.contactId, filter.contactId) : undefined,
      ),
    )
    .orderBy(desc(paymentNotes.createdAt), desc(paymentNotes.id))
    .limit(limit);
  return rows.map(toPaymentNoteJson);
}

export async function insertPaymentNote(db: Database, values: Omit<typeof paymentNotes.$inferInsert, 'id'>): Promise<PaymentNoteRow> {
  const [row] = await db
    .insert(paymentNotes)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

/** The firm's note, locked for its decision. */
export async function lockNote(tx: Database, firmId: string, id: string): Promise<PaymentNoteRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentNotes)
    .where(and(eq(paymentNotes.id, id), eq(paymentNotes.firmId, firmId)))
    .limit(1)
    .for('update');
  return row;
}

export async function decideNote(tx: Database, id: string, changes: Pick<PaymentNoteRow, 'status' | 'decidedBy'> & Partial<Pick<PaymentNoteRow, 'paymentId' | 'declineReason'>>) {
  await tx
    .update(paymentNotes)
    .set({ ...changes, decidedAt: new Date() })
    .where(eq(paymentNotes.id, id));
}

/** The schedules of the firm that a portal may share (of projects not archived), by title. */
export async function shareableSchedules(db: Database, firmId: string, limit = 200) {
  return db
    .select({ id: schedules.id, title: schedules.title, projectName: projects.projectName })
    .from(schedules)
    .innerJoin(projects, eq(projects.id, schedules.projectId))
    .where(eq(projects.userId, firmId))
    .orderBy(projects.projectName, schedules.title)
    .limit(limit);
}

// --- Chosen files (docs/decisions/422) ---------------------------------------

/** The project files shared through the portal, newest first, with their projects' names. */
export async function portalFiles(db: Database, portalId: string) {
  return db
    .select({ id: files.id, fileName: files.fileName, contentType: files.contentType, size: files.size, projectName: projects.projectName, sharedAt: portalFilesTable.createdAt, storageKey: files.storageKey })
    .from(portalFilesTable)
    .innerJoin(files, eq(files.id, portalFilesTable.fileId))
    .innerJoin(projects, eq(projects.id, files.projectId))
    .where(eq(portalFilesTable.portalId, portalId))
    .orderBy(desc(portalFilesTable.createdAt), desc(files.id))
    .limit(500);
}

export const toPortalFile = (f: Awaited<ReturnType<typeof portalFiles>>[number]): PortalFile => ({ id: f.id, fileName: f.fileName, contentType: f.contentType, size: f.size, projectName: f.projectName, sharedAt: f.sharedAt.toISOString() });

/** One file the portal shares, or undefined (never one it does not). */
export async function portalFile(db: Database, portalId: string, fileId: string) {
  const [row] = await db
    .select({ id: files.id, fileName: files.fileName, contentType: files.contentType, storageKey: files.storageKey })
    .from(portalFilesTable)
    .innerJoin(files, eq(files.id, portalFilesTable.fileId))
    .where(and(eq(portalFilesTable.portalId, portalId), eq(portalFilesTable.fileId, fileId)))
    .limit(1);
  return row;
}

/** A file of the firm's projects by id (the firm shares only its own). */
export async function firmFile(db: Database, firmId: string, fileId: string) {
  const [row] = await db
    .select({ id: files.id, projectId: files.projectId })
    .from(files)
    .innerJoin(projects, eq(projects.id, files.projectId))
    .where(and(eq(files.id, fileId), eq(projects.userId, firmId)))
    .limit(1);
  return row;
}

export async function sharePortalFile(db: Database, portalId: string, fileId: string, sharedBy: string) {
  await db.insert(portalFilesTable).values({ portalId, fileId, sharedBy }).onConflictDoNothing();
}

export async function unsharePortalFile(db: Database, portalId: string, fileId: string): Promise<boolean> {
  const rows = await db
    .delete(portalFilesTable)
    .where(and(eq(portalFilesTable.portalId, portalId), eq(portalFilesTable.fileId, fileId)))
    .returning({ fileId: portalFilesTable.fileId });
  return rows.length > 0;
}

/** The files of the firm's projects a portal may share, newest first (bounded: a select's options). */
export async function shareableFiles(db: Database, firmId: string, limit = 200) {
  return db
    .select({ id: files.id, fileName: files.fileName, projectName: projects.projectName })
    .from(files)
    .innerJoin(projects, eq(projects.id, files.projectId))
    .where(eq(projects.userId, firmId))
    .orderBy(desc(files.createdAt), desc(files.id))
    .limit(limit);
}
