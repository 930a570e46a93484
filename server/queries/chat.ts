import { and, asc, count, desc, eq, gt, inArray, isNull, lt, max, ne, or, sql } from 'drizzle-orm';
import { visibleWorkspaceProjects } from '../auth/project-access.js';
import type { FirmMembership } from '../auth/firm.js';
import type { ChatMessage } from '../contract/chat.js';
import type { Database } from '../db/connection.js';
import { chatAttachments, chatMessages, chatReads, members, projects, users } from '../db/schema/index.js';
import type { UserRow } from './users.js';
import { CHAT_CHANNEL, endStreamsPayload } from '../services/chat-hub.js';

/** Data access of Group Chat (docs/decisions/116 and 117) and its JSON. */

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ChatAttachmentRow = typeof chatAttachments.$inferSelect;

/** Messages with their attachments (one query for all of them). */
async function withAttachments(db: Database, rows: ChatMessageRow[]): Promise<ChatMessage[]> {
  const files = rows.length
    ? await db
        .select()
        .from(chatAttachments)
        .where(inArray(chatAttachments.messageId, rows.map((r) => r.id)))
        .orderBy(asc(chatAttachments.createdAt), asc(chatAttachments.id))
    : [];
  return rows.map((row) => toChatMessageJson(row, files.filter((f) => f.messageId === row.id)));
}

export function toChatMessageJson(row: ChatMessageRow, files: ChatAttachmentRow[]): ChatMessage {
  return {
    id: row.id,
    seq: row.seq,
    projectId: row.projectId,
    authorId: row.authorId,
    authorName: row.authorName,
    body: row.body,
    attachments: files.map((f) => ({ id: f.id, fileName: f.fileName, contentType: f.contentType, size: f.size })),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    revision: row.editSeq ?? row.seq,
  };
}

/** A message's revision in SQL: its seq, or the seq its last edit drew (the live stream's cursor). */
const revision = sql<number>`coalesce(${chatMessages.editSeq}, ${chatMessages.seq})`;

/** The newest `limit` messages of a project before seq `before` (keyset on chat_messages_project_seq_idx), oldest first. */
export async function chatPage(db: Database, projectId: string, options: { before?: number; limit: number }) {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.projectId, projectId), options.before !== undefined ? lt(chatMessages.seq, options.before) : undefined))
    .orderBy(desc(chatMessages.seq))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit).reverse();
  return { messages: await withAttachments(db, page), older: rows.length > options.limit ? page[0]!.seq : null };
}

/**
 * The highest seq and the highest revision of a project's thread (0 when empty): the newest message,
 * and where a live stream without a cursor starts (after the last message and the last edit).
 */
export async function latestSeq(db: Database, projectId: string): Promise<{ seq: number; revision: number }> {
  const [row] = await db
    .select({ seq: max(chatMessages.seq), edit: max(chatMessages.editSeq) })
    .from(chatMessages)
    .where(eq(chatMessages.projectId, projectId));
  const seq = Number(row?.seq ?? 0);
  return { seq, revision: Math.max(seq, Number(row?.edit ?? 0)) };
}

/**
 * The messages of a project new or edited after revision `after`, in revision order, at most
 * `limit` (what a stream sends next). Two index ranges: (project_id, seq) and (project_id, edit_seq).
 */
export async function messagesAfter(db: Database, projectId: string, after: number, limit: number): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.projectId, projectId), or(gt(chatMessages.seq, after), gt(chatMessages.editSeq, after))))
    .orderBy(asc(revision))
    .limit(limit);
  return withAttachments(db, rows);
}

/** One message of a project, or undefined. */
export async function findChatMessage(db: Database, projectId: string, messageId: string): Promise<ChatMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.projectId, projectId)))
    .limit(1);
  return row;
}

/** Whether a message has files (then its text may be empty). */
export async function messageHasFiles(db: Database, messageId: string): Promise<boolean> {
  const [row] = await db.select({ id: chatAttachments.id }).from(chatAttachments).where(eq(chatAttachments.messageId, messageId)).limit(1);
  return row !== undefined;
}

/** Takes the project's chat lock for the transaction: its messages and edits commit in the order of the seqs they draw. */
const lockThread = (tx: Database, projectId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat:${projectId}`}))`);

/** Wakes every replica's streams of the project when the transaction commits (never for a rollback). */
const notifyThread = (tx: Database, projectId: string, revisionNo: number) => tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${`${projectId}:${revisionNo}`})`);

/**
 * Closes `userId`'s open chat streams (of one project, or all) on every replica when the
 * transaction commits: the browser reconnects, and the new request's access
 * check refuses what was taken away.
 */
export const notifyStreamsEnd = (tx: Database, userId: string, projectId?: string) =>
  tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${endStreamsPayload(userId, projectId)})`);

/**
 * Replaces a message's text in transaction `tx` (docs/decisions/171): the edit draws a new seq from
 * the messages' own sequence under the project's lock, so open streams (on any replica, woken at
 * commit) send the edited message after everything they sent before.
 */
export async function editChatMessage(tx: Database, message: ChatMessageRow, body: string): Promise<ChatMessage> {
  await lockThread(tx, message.projectId);
  const [row] = await tx
    .update(chatMessages)
    .set({ body, editedAt: new Date(), editSeq: sql`nextval(pg_get_serial_sequence('chat_messages', 'seq'))` })
    .where(eq(chatMessages.id, message.id))
    .returning();
  await notifyThread(tx, message.projectId, row!.editSeq!);
  const [json] = await withAttachments(tx, [row!]);
  return json!;
}

/** Records that `userId` has seen the project's messages up to seq `seq` (never moves back). */
export async function markChatRead(db: Database, userId: string, projectId: string, seq: number) {
  if (seq <= 0) return;
  await db
    .insert(chatReads)
    .values({ userId, projectId, lastReadSeq: seq })
    .onConflictDoUpdate({
      target: [chatReads.userId, chatReads.projectId],
      set: { lastReadSeq: sql`greatest(${chatReads.lastReadSeq}, excluded.last_read_seq)`, readAt: sql`now()` },
      where: sql`${chatReads.lastReadSeq} < excluded.last_read_seq`,
    });
}

/**
 * The caller's unread messages (others' messages after its last read seq) on every project it may
 * work on, in one statement; projects with none are left out.
 */
export async function unreadCounts(db: Database, user: Pick<UserRow, 'id' | 'email'>, firm: FirmMembership) {
  const rows = await db
    .select({ projectId: projects.id, unread: count(chatMessages.id) })
    .from(projects)
    .leftJoin(chatReads, and(eq(chatReads.projectId, projects.id), eq(chatReads.userId, user.id)))
    .innerJoin(
      chatMessages,
      and(
        eq(chatMessages.projectId, projects.id),
        gt(chatMessages.seq, sql`coalesce(${chatReads.lastReadSeq}, 0)`),
        sql`${chatMessages.authorId} is distinct from ${user.id}`,
      ),
    )
    .where(visibleWorkspaceProjects(user, firm))
    .groupBy(projects.id);
  return rows.map((r) => ({ projectId: r.projectId, unread: Number(r.unread) }));
}

/**
 * Writes a message and its attachments in transaction `tx`, and notifies every api replica at
 * commit. The project's advisory lock, taken before the insert draws its seq, makes the messages
 * of one project commit in seq order (a stream reading "after seq N" never misses a later commit
 * of a smaller seq).
 */
export async function insertChatMessage(
  tx: Database,
  message: { id: string; projectId: string; authorId: string; authorName: string; body: string },
  files: Array<{ id: string; fileName: string; storageKey: string; contentType: string; size: number }>,
): Promise<ChatMessage> {
  await lockThread(tx, message.projectId);
  const [row] = await tx.insert(chatMessages).values(message).returning();
  const inserted = files.length ? await tx.insert(chatAttachments).values(files.map((f) => ({ ...f, messageId: row!.id, projectId: message.projectId }))).returning() : [];
  // Delivered when the transaction commits, never for a rolled-back message.
  await notifyThread(tx, message.projectId, row!.seq);
  return toChatMessageJson(row!, inserted);
}

/** An attachment with its project (the access check reads the project). */
export async function findChatAttachment(db: Database, id: string): Promise<ChatAttachmentRow | undefined> {
  const [row] = await db.select().from(chatAttachments).where(eq(chatAttachments.id, id)).limit(1);
  return row;
}

/** Where a chat attachment's bytes are stored (private area), by ids only. */
export const chatFileKey = (projectId: string, attachmentId: string) => `projects/${projectId}/chat/${attachmentId}`;

/**
 * Who reads a project's chat besides `authorId` (the access rule of 'work', DESIGN.md section 9):
 * the firm account, its sub-admins and the member employees, active accounts only. One query.
 */
export async function chatReaders(db: Database, firmId: string, projectId: string, authorId: string) {
  const isMember = sql`exists (select 1 from ${members} where ${members.projectId} = ${projectId} and lower(${members.email}) = lower(${users.email}))`;
  return db
    .select({ id: users.id, email: users.email, userName: users.userName })
    .from(users)
    .where(and(ne(users.id, authorId), isNull(users.deactivatedAt), or(eq(users.id, firmId), and(eq(users.firmId, firmId), or(eq(users.isSubAdmin, true), isMember)))));
}
