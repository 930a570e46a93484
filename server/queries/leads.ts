import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { EnquiryFields, Lead, LeadMessage, LeadView } from '../contract/leads.js';
import { projectTypeLabel } from '../contract/vocabulary.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { leadMessages, leads, projects, users } from '../db/schema/index.js';
import { findFirmAccount } from './showcase.js';
import { shownProject } from './visibility.js';
import type { UserRow } from './users.js';

/** Data access of enquiries (leads), their threads and their JSON (docs/decisions/120). */

export type LeadRow = typeof leads.$inferSelect;
export type LeadMessageRow = typeof leadMessages.$inferSelect;

/**
 * The firm an enquiry may be sent to, or undefined: a firm account that the public side lists
 * (approved and not hidden by moderation: visibility.ts decides both).
 */
export async function firmReceivingEnquiries(db: Database, firmId: string): Promise<UserRow | undefined> {
  const found = await findFirmAccount(db, firmId);
  return found?.listed ? found.firm : undefined;
}

/** The address a firm's mail goes to and is answered at: its business email, else its login. */
export const firmMailbox = (firm: Pick<UserRow, 'businessEmail' | 'email'>) => firm.businessEmail?.trim() || firm.email;

/** The name a firm signs its mails with. */
export const firmDisplayName = (firm: Pick<UserRow, 'firmName' | 'userName'>) => firm.firmName?.trim() || firm.userName;

/** The public project of `firmId` with this id (an enquiry names the page it came from), or undefined. */
export async function findFirmPublicProject(db: Database, firmId: string, projectId: string) {
  const [row] = await db
    .select({ id: projects.id, projectName: projects.projectName })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, firmId), shownProject()))
    .limit(1);
  return row;
}

/** How an enquiry is kept (docs/decisions/340): who sent it, held or not, waiting for the digest or not. */
export type LeadDelivery = { senderId: string | null; isHeld: boolean; awaitingDigest: boolean };

export async function insertLead(
  db: Database,
  firmId: string,
  projectId: string | null,
  fields: Omit<EnquiryFields, 'projectId' | 'website' | 'formToken'>,
  delivery: LeadDelivery = { senderId: null, isHeld: false, awaitingDigest: false },
) {
  const [row] = await db
    .insert(leads)
    .values({ id: newId(), firmId, projectId, name: fields.name, email: fields.email, phone: fields.phone, projectType: fields.projectType, message: fields.message, ...delivery })
    .returning();
  return row!;
}

/** True when a firm released an enquiry of this account from Held: the firm vouched for it (decision 340). */
export async function hasReleasedEnquiry(db: Database, senderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.senderId, senderId), isNotNull(leads.releasedAt)))
    .limit(1);
  return row !== undefined;
}

/** Moves a held lead to the inbox (it no longer waits for a digest either); undefined when it was not held. */
export async function releaseLead(db: Database, id: string, now = new Date()) {
  const [row] = await db
    .update(leads)
    .set({ isHeld: false, releasedAt: now, awaitingDigest: false })
    .where(and(eq(leads.id, id), eq(leads.isHeld, true)))
    .returning();
  return row;
}

/** The firms with enquiries waiting for a digest mail (a bounded batch per pass). */
export async function firmsAwaitingDigest(db: Database, limit = 500): Promise<string[]> {
  const rows = await db.selectDistinct({ firmId: leads.firmId }).from(leads).where(eq(leads.awaitingDigest, true)).limit(limit);
  return rows.map((r) => r.firmId);
}

/**
 * Takes a firm's enquiries waiting for the digest, oldest first, and marks them taken in the same
 * statement: two replicas never list the same enquiry twice.
 */
export async function claimDigest(db: Database, firmId: string): Promise<LeadRow[]> {
  const rows = await db
    .update(leads)
    .set({ awaitingDigest: false })
    .where(and(eq(leads.firmId, firmId), eq(leads.awaitingDigest, true)))
    .returning();
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/** Puts claimed enquiries back for the next digest (its mail failed). */
export async function unclaimDigest(db: Database, ids: string[]) {
  if (ids.length) await db.update(leads).set({ awaitingDigest: true }).where(inArray(leads.id, ids));
}

export async function findLead(db: Database, id: string): Promise<LeadRow | undefined> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  return row;
}

/** One page of a firm's demand box: unread first, then newest first; with the counts (and how many are held). */
export async function listLeads(db: Database, firmId: string, view: LeadView, page: number, pageSize: number) {
  // Held lists every held enquiry, archived or not; the inbox and the archive leave them out.
  const where =
    view === 'held' ? and(eq(leads.firmId, firmId), eq(leads.isHeld, true)) : and(eq(leads.firmId, firmId), eq(leads.isHeld, false), eq(leads.isArchived, view === 'archived'));
  const [rows, [totals], [held]] = await Promise.all([
    db
      .select()
      .from(leads)
      .where(where)
      .orderBy(asc(leads.isRead), desc(leads.createdAt), desc(leads.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ count: count(), unread: sql<number>`count(*) filter (where not ${leads.isRead})`.mapWith(Number) })
      .from(leads)
      .where(where),
    // The Held tab shows how many wait there, whichever view is open (decision 340).
    db.select({ count: count() }).from(leads).where(and(eq(leads.firmId, firmId), eq(leads.isHeld, true))),
  ]);
  return { rows, count: totals?.count ?? 0, unread: totals?.unread ?? 0, held: held?.count ?? 0 };
}

/** The lead changed, or undefined when it is gone. */
export async function updateLead(db: Database, id: string, changes: Partial<Pick<LeadRow, 'isRead' | 'isHandled' | 'isArchived'>>) {
  const [row] = await db.update(leads).set(changes).where(eq(leads.id, id)).returning();
  return row;
}

export async function deleteLead(db: Database, id: string) {
  await db.delete(leads).where(eq(leads.id, id));
}

export async function insertLeadMessage(db: Database, values: Omit<typeof leadMessages.$inferInsert, 'id' | 'createdAt'>) {
  const [row] = await db
    .insert(leadMessages)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

/** A lead's thread, oldest first, with the names of their authors. */
export async function listLeadMessages(db: Database, leadId: string) {
  return db
    .select({ message: leadMessages, authorName: sql<string | null>`coalesce(nullif(trim(${users.firmName}), ''), ${users.userName})` })
    .from(leadMessages)
    .leftJoin(users, eq(users.id, leadMessages.authorId))
    .where(eq(leadMessages.leadId, leadId))
    .orderBy(asc(leadMessages.createdAt), asc(leadMessages.id));
}

/** The names of the projects the leads came from, by id (one query for a page). */
export async function leadProjectNames(db: Database, rows: LeadRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.projectId ? [r.projectId] : [])))];
  if (!ids.length) return new Map();
  const found = await db.select({ id: projects.id, projectName: projects.projectName }).from(projects).where(inArray(projects.id, ids));
  return new Map(found.map((p) => [p.id, p.projectName]));
}

export function toLeadJson(row: LeadRow, projectNames: Map<string, string>): Lead {
  const projectName = row.projectId ? projectNames.get(row.projectId) : undefined;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    projectType: row.projectType,
    projectTypeLabel: projectTypeLabel(row.projectType),
    message: row.message,
    project: row.projectId && projectName !== undefined ? { id: row.projectId, projectName } : null,
    isRead: row.isRead,
    isHandled: row.isHandled,
    isArchived: row.isArchived,
    isHeld: row.isHeld,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toLeadMessageJson({ message, authorName }: { message: LeadMessageRow; authorName: string | null }): LeadMessage {
  return {
    id: message.id,
    to: message.to,
    cc: message.cc,
    bcc: message.bcc,
    subject: message.subject,
    message: message.body,
    author: message.authorId && authorName ? { id: message.authorId, name: authorName } : null,
    createdAt: message.createdAt.toISOString(),
  };
}
