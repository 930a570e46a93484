import { and, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { shareLinkState, type ClientDecisionEntry, type ClientDecisionJson, type ShareDecision, type ShareLink } from '../contract/share-links.js';
import type { Database } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { clientDecisions, projects, schedules, shareLinks, users } from '../db/schema/index.js';

/** Data access of client approval links and decisions (docs/decisions/106), over `db` or a transaction. */

export type ShareLinkRow = typeof shareLinks.$inferSelect;

const creator = alias(users, 'creator');
const revoker = alias(users, 'revoker');

/** A link with the names its JSON shows: one joined select, whatever the number of links. */
const linkSelect = (db: Database) =>
  db
    .select({
      link: shareLinks,
      projectName: projects.projectName,
      scheduleTitle: schedules.title,
      createdByName: creator.userName,
      revokedByName: sql<string | null>`coalesce(nullif(trim(${revoker.firmName}), ''), ${revoker.userName})`,
    })
    .from(shareLinks)
    .innerJoin(projects, eq(projects.id, shareLinks.projectId))
    .innerJoin(schedules, eq(schedules.id, shareLinks.scheduleId))
    .leftJoin(creator, eq(creator.id, shareLinks.createdBy))
    .leftJoin(revoker, eq(revoker.id, shareLinks.revokedBy));

type LinkWithNames = { link: ShareLinkRow; projectName: string; scheduleTitle: string; createdByName: string | null; revokedByName: string | null };

export function toShareLinkJson({ link, projectName, scheduleTitle, createdByName, revokedByName }: LinkWithNames, now = new Date()): ShareLink {
  return {
    id: link.id,
    projectId: link.projectId,
    projectName,
    scheduleId: link.scheduleId,
    scheduleTitle,
    clientName: link.clientName,
    state: shareLinkState(link, now),
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    revokedByName: link.revokedAt ? revokedByName : null,
    revokeReason: link.revokeReason,
    lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
    createdAt: link.createdAt.toISOString(),
    createdByName,
    // Given again only while open, and only when its token was kept sealed (docs/decisions/296).
    copyable: link.tokenSealed !== null && shareLinkState(link, now) === 'open',
  };
}

/** Makes a link; `seal` seals its token for the new id (the id is the seal's associated data). */
export async function insertShareLink(
  db: Database,
  values: Pick<ShareLinkRow, 'firmId' | 'projectId' | 'scheduleId' | 'tokenHash' | 'clientName' | 'createdBy' | 'expiresAt'> & Partial<Pick<ShareLinkRow, 'portalId'>>,
  seal?: (id: string) => Promise<string>,
): Promise<LinkWithNames> {
  const id = newId();
  await db.insert(shareLinks).values({ id, ...values, tokenSealed: seal ? await seal(id) : null });
  return (await findShareLinkWithNames(db, id))!;
}

export async function findShareLinkWithNames(db: Database, id: string): Promise<LinkWithNames | undefined> {
  const [row] = await linkSelect(db).where(eq(shareLinks.id, id)).limit(1);
  return row;
}

/** A schedule's links, newest first. */
export const listScheduleLinks = (db: Database, scheduleId: string) =>
  linkSelect(db).where(eq(shareLinks.scheduleId, scheduleId)).orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));

/** Links of a schedule still open (neither revoked nor expired). */
export async function countOpenLinks(db: Database, scheduleId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shareLinks)
    .where(and(eq(shareLinks.scheduleId, scheduleId), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)));
  return row?.n ?? 0;
}

export async function revokeShareLink(db: Database, id: string, revokedBy: string, now = new Date()): Promise<void> {
  await db
    .update(shareLinks)
    .set({ revokedAt: now, revokedBy })
    .where(and(eq(shareLinks.id, id), isNull(shareLinks.revokedAt)));
}

/**
 * Revokes the still open links `createdBy` made (of one project, or all), recording who and why
 * (access ends when the person leaves). Answers the links revoked.
 */
export async function revokeLinksCreatedBy(
  db: Database,
  createdBy: string,
  revoke: { revokedBy: string; reason: string; projectId?: string; now?: Date },
): Promise<Array<{ id: string }>> {
  const now = revoke.now ?? new Date();
  return db
    .update(shareLinks)
    .set({ revokedAt: now, revokedBy: revoke.revokedBy, revokeReason: revoke.reason })
    .where(
      and(
        eq(shareLinks.createdBy, createdBy),
        isNull(shareLinks.revokedAt),
        gt(shareLinks.expiresAt, now),
        revoke.projectId ? eq(shareLinks.projectId, revoke.projectId) : undefined,
      ),
    )
    .returning({ id: shareLinks.id });
}

/** The link a token's hash names, with its firm's and project's names (the client's page header). */
export async function findLinkByTokenHash(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      link: shareLinks,
      projectName: projects.projectName,
      scheduleTitle: schedules.title,
      scheduleDescription: schedules.description,
      firmName: sql<string>`coalesce(nullif(${users.firmName}, ''), ${users.userName})`,
      firmEmail: sql<string>`coalesce(nullif(trim(${users.businessEmail}), ''), ${users.email})`,
      firmTimeZone: users.timeZone,
    })
    .from(shareLinks)
    .innerJoin(projects, eq(projects.id, shareLinks.projectId))
    .innerJoin(schedules, eq(schedules.id, shareLinks.scheduleId))
    .innerJoin(users, eq(users.id, shareLinks.firmId))
    .where(eq(shareLinks.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function touchShareLink(db: Database, id: string, now = new Date()) {
  await db.update(shareLinks).set({ lastOpenedAt: now }).where(eq(shareLinks.id, id));
}

export async function insertClientDecision(
  db: Database,
  values: { link: ShareLinkRow; sectionId: string; sectionName: string; itemId?: string; itemName?: string; decision: ShareDecision; comment: string },
) {
  const { link } = values;
  await db.insert(clientDecisions).values({
    id: newId(),
    shareLinkId: link.id,
    firmId: link.firmId,
    projectId: link.projectId,
    scheduleId: link.scheduleId,
    sectionId: values.sectionId,
    sectionName: values.sectionName,
    itemId: values.itemId ?? null,
    itemName: values.itemName ?? '',
    decision: values.decision,
    comment: values.comment,
  });
}

/** A schedule's client decisions (through any of its links), newest first: on whole sections by section id, on items by item id. */
export async function decisionsOfSchedule(db: Database, scheduleId: string, sectionId?: string) {
  const rows = await db
    .select({ sectionId: clientDecisions.sectionId, itemId: clientDecisions.itemId, decision: clientDecisions.decision, comment: clientDecisions.comment, createdAt: clientDecisions.createdAt })
    .from(clientDecisions)
    .where(and(eq(clientDecisions.scheduleId, scheduleId), sectionId ? eq(clientDecisions.sectionId, sectionId) : undefined))
    .orderBy(desc(clientDecisions.createdAt), desc(clientDecisions.id));
  const sections = new Map<string, ClientDecisionEntry[]>();
  const items = new Map<string, ClientDecisionEntry[]>();
  for (const row of rows) {
    const into = row.itemId ? items : sections;
    const key = row.itemId ?? row.sectionId;
    const entry = { decision: row.decision as ShareDecision, comment: row.comment, createdAt: row.createdAt.toISOString() };
    const list = into.get(key);
    if (list) list.push(entry);
    else into.set(key, [entry]);
  }
  return { sections, items };
}

/** What counts for an item (docs/decisions/412): the later of its own latest decision and its section's latest. */
export function itemDecisionOf(own: ClientDecisionEntry[] | undefined, section: ClientDecisionEntry[] | undefined): ClientDecisionEntry | null {
  const a = own?.[0];
  const b = section?.[0];
  if (!a || !b) return a ?? b ?? null;
  return a.createdAt >= b.createdAt ? a : b;
}

/** The Client Board's open links, among the projects `visible` selects (the caller's access), newest first. */
export async function openLinksOf(db: Database, visible: SQL, now = new Date(), limit = 200) {
  return linkSelect(db)
    .where(and(visible, isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id))
    .limit(limit);
}

/** The Client Board's links revoked within `days` (by hand, or because their maker left), newest first. */
export async function revokedLinksOf(db: Database, visible: SQL, now = new Date(), days = 30, limit = 50) {
  return linkSelect(db)
    .where(and(visible, gt(shareLinks.revokedAt, new Date(now.getTime() - days * 86_400_000))))
    .orderBy(desc(shareLinks.revokedAt), desc(shareLinks.id))
    .limit(limit);
}

/** The Client Board's latest decisions, among the projects `visible` selects, newest first. */
export async function latestDecisionsOf(db: Database, visible: SQL, limit = 50): Promise<ClientDecisionJson[]> {
  const rows = await db
    .select({
      decision: clientDecisions,
      projectName: projects.projectName,
      scheduleTitle: schedules.title,
      clientName: shareLinks.clientName,
    })
    .from(clientDecisions)
    .innerJoin(projects, eq(projects.id, clientDecisions.projectId))
    .innerJoin(schedules, eq(schedules.id, clientDecisions.scheduleId))
    .innerJoin(shareLinks, eq(shareLinks.id, clientDecisions.shareLinkId))
    .where(visible)
    .orderBy(desc(clientDecisions.createdAt), desc(clientDecisions.id))
    .limit(limit);
  return rows.map(({ decision: d, projectName, scheduleTitle, clientName }) => ({
    id: d.id,
    projectId: d.projectId,
    projectName,
    scheduleId: d.scheduleId,
    scheduleTitle,
    sectionId: d.sectionId,
    sectionName: d.sectionName,
    itemId: d.itemId,
    itemName: d.itemName,
    decision: d.decision as ShareDecision,
    comment: d.comment,
    clientName,
    createdAt: d.createdAt.toISOString(),
    unread: d.readAt === null,
  }));
}

/** Unread client decisions among the projects `visible` selects (the sidebar's count; a partial index keeps it small). */
export async function countUnreadDecisions(db: Database, visible: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clientDecisions)
    .innerJoin(projects, eq(projects.id, clientDecisions.projectId))
    .where(and(visible, isNull(clientDecisions.readAt)));
  return row?.n ?? 0;
}

/**
 * Marks read the unread decisions among the projects `visible` selects: those of `ids`, or all.
 * Ids of projects the caller cannot see are left alone (as if unknown). Answers how many changed.
 */
export async function markDecisionsRead(db: Database, visible: SQL, readBy: string, ids?: string[], now = new Date()): Promise<number> {
  const seen = db.select({ id: projects.id }).from(projects).where(visible);
  const changed = await db
    .update(clientDecisions)
    .set({ readAt: now, readBy })
    .where(and(isNull(clientDecisions.readAt), inArray(clientDecisions.projectId, seen), ids ? inArray(clientDecisions.id, ids) : undefined))
    .returning({ id: clientDecisions.id });
  return changed.length;
}

/**
 * Who is told of a client's decision on `link` (docs/decisions/295): the firm at its mailbox, and
 * the person who made the link when that is someone else still active. Mail choices are asked after.
 */
export async function decisionRecipients(db: Database, link: Pick<ShareLinkRow, 'firmId' | 'createdBy'>): Promise<Array<{ id: string; email: string }>> {
  const ids = [link.firmId, ...(link.createdBy && link.createdBy !== link.firmId ? [link.createdBy] : [])];
  const rows = await db
    .select({ id: users.id, email: sql<string>`coalesce(nullif(trim(${users.businessEmail}), ''), ${users.email})` })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deactivatedAt)));
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}

/** The sealed token of a link (null when it was made before tokens were kept). */
export async function sealedTokenOf(db: Database, id: string): Promise<string | null> {
  const [row] = await db.select({ sealed: shareLinks.tokenSealed }).from(shareLinks).where(eq(shareLinks.id, id)).limit(1);
  return row?.sealed ?? null;
}

/** The schedules of the projects `visible` selects, by project name then newest first (one query). */
export const schedulesOf = (db: Database, visible: SQL, limit = 1000) =>
  db
    .select({ id: schedules.id, title: schedules.title, projectId: projects.id, projectName: projects.projectName })
    .from(schedules)
    .innerJoin(projects, eq(projects.id, schedules.projectId))
    .where(visible)
    .orderBy(projects.projectName, desc(schedules.createdAt))
    .limit(limit);

/** A project's client decisions, oldest first, each with the link it came through (the decision log, docs/decisions/413). */
export async function decisionLogOf(db: Database, projectId: string, limit = 5000) {
  const rows = await db
    .select({
      decision: clientDecisions,
      scheduleTitle: schedules.title,
      link: { id: shareLinks.id, clientName: shareLinks.clientName, createdAt: shareLinks.createdAt, portalId: shareLinks.portalId },
      createdByName: creator.userName,
    })
    .from(clientDecisions)
    .innerJoin(schedules, eq(schedules.id, clientDecisions.scheduleId))
    .innerJoin(shareLinks, eq(shareLinks.id, clientDecisions.shareLinkId))
    .leftJoin(creator, eq(creator.id, shareLinks.createdBy))
    .where(eq(clientDecisions.projectId, projectId))
    .orderBy(clientDecisions.createdAt, clientDecisions.id)
    .limit(limit);
  return rows.map(({ decision: d, scheduleTitle, link, createdByName }) => ({
    id: d.id,
    createdAt: d.createdAt.toISOString(),
    scheduleTitle,
    sectionName: d.sectionName,
    itemName: d.itemId ? d.itemName : null,
    decision: d.decision as ShareDecision,
    comment: d.comment,
    link: { id: link.id, clientName: link.clientName, createdAt: link.createdAt.toISOString(), createdByName, viaPortal: link.portalId !== null },
  }));
}
