import { and, asc, desc, eq, gt, inArray, isNull, lt, max, ne, or, sql } from 'drizzle-orm';
import type { ChatMessage } from '../contract/chat.js';
import type { Database } from '../db/connection.js';
import { chatAttachments, chatMessages, members, users } from '../db/schema.js';
import { CHAT_CHANNEL } from '../services/chat-hub.js';

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
  };
}

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

/** The highest seq of a project's thread (0 when empty): where a live stream without a cursor starts. */
export async function latestSeq(db: Database, projectId: string): Promise<number> {
  const [row] = await db.select({ seq: max(chatMessages.seq) }).from(chatMessages).where(eq(chatMessages.projectId, projectId));
  return Number(row?.seq ?? 0);
}

/** The messages of a project after seq `after`, oldest first, at most `limit` (what a stream sends next). */
export async function messagesAfter(db: Database, projectId: string, after: number, limit: number): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.projectId, projectId), gt(chatMessages.seq, after)))
    .orderBy(asc(chatMessages.seq))
    .limit(limit);
  return withAttachments(db, rows);
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
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat:${message.projectId}`}))`);
  const [row] = await tx.insert(chatMessages).values(message).returning();
  const inserted = files.length ? await tx.insert(chatAttachments).values(files.map((f) => ({ ...f, messageId: row!.id, projectId: message.projectId }))).returning() : [];
  // Delivered when the transaction commits, never for a rolled-back message.
  await tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${`${message.projectId}:${row!.seq}`})`);
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
