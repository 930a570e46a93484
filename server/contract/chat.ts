import { z } from 'zod/v4';
import { CHAT_LIMITS as L } from './chat-rules.js';
import { FileContentQuery } from './files.js';
import { ErrorReply, IdParams } from './http.js';
import { ANY_TYPE, binary, operationsOf } from './operation.js';

/** Group Chat's calls (docs/decisions/116 and 117). */

export * from './chat-rules.js';

export const ChatAttachment = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
});
export type ChatAttachment = z.infer<typeof ChatAttachment>;

export const ChatMessage = z.object({
  id: z.string(),
  /** The thread's order, the keyset of its pages and the event id of the live stream. */
  seq: z.number(),
  projectId: z.string(),
  authorId: z.string().nullable(),
  authorName: z.string(),
  body: z.string(),
  attachments: z.array(ChatAttachment),
  createdAt: z.string(),
  /** When its author last edited it, null if never (docs/decisions/171). */
  editedAt: z.string().nullable(),
  /** `seq`, or the seq its last edit drew: the live stream's event id; of two copies the greater is newer. */
  revision: z.number(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

const seq = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0).max(Number.MAX_SAFE_INTEGER);

/** GET /api/projects/{projectId}/chat?before=&limit=: the newest page, or the one before seq `before`. */
export const ChatPageQuery = z.object({
  before: seq.optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1).max(L.pageMax).default(L.pageSize),
});
export type ChatPageQuery = z.input<typeof ChatPageQuery>;

export const ChatPageReply = z.object({
  data: z.object({
    project: z.object({ id: z.string(), projectName: z.string() }),
    /** Oldest first: the newest message is at the bottom. */
    messages: z.array(ChatMessage),
    /** The `before` of the older page, null when this page holds the first message. */
    older: z.number().nullable(),
    /** The highest revision of the thread when read (messages and edits): where a live stream starts. */
    latest: z.number(),
  }),
});
export type ChatPageReply = z.infer<typeof ChatPageReply>;

export const ChatMessageReply = z.object({ data: ChatMessage });
export type ChatMessageReply = z.infer<typeof ChatMessageReply>;

/** GET /api/projects/{projectId}/chat/events?after=: `after` when no Last-Event-ID header is sent. */
export const ChatEventsQuery = z.object({ after: seq.optional() });

export const ProjectChatParams = z.object({ projectId: z.string().max(64) });

/** PATCH /api/projects/{projectId}/chat/{messageId}: the author's new text (trimmed; the post's limits). */
export const ChatEditBody = z.object({ body: z.string({ error: 'body must be text' }).max(L.body * 4, `A message is at most ${L.body} characters`) });
export type ChatEditBody = z.infer<typeof ChatEditBody>;

export const ChatMessageParams = z.object({ projectId: z.string().max(64), messageId: z.string().max(64) });

/** GET /api/chat/unread: the caller's unread messages per project it works on (projects without any are left out). */
export const ChatUnreadReply = z.object({ data: z.array(z.object({ projectId: z.string(), unread: z.number() })) });
export type ChatUnreadReply = z.infer<typeof ChatUnreadReply>;

/** POST /api/projects/{projectId}/chat: the send form's parts; text or at least one file. */
export const ChatPostParts = z.object({
  body: z.string().max(L.body).optional().describe('The text, trimmed; empty only with a file'),
  files: z.array(z.file()).max(L.filesPerMessage).optional(),
});

const op = operationsOf('workspace', ['chat']);
const uploadErrors = { 413: ErrorReply, 415: ErrorReply, 429: ErrorReply } as const;

/**
 * Group Chat's operations (docs/decisions/116, 117, 370), scope `workspace`, access `work`: the
 * api registers them (server/routes/chat/) and the web calls them (app/models/chat-book.server.ts).
 */
export const chatOperations = {
  page: op({
    method: 'GET',
    path: '/projects/:projectId/chat',
    summary: "A page of a project's Group Chat, oldest first (the newest page, or the one before seq `before`)",
    params: ProjectChatParams,
    query: ChatPageQuery,
    replies: { 200: ChatPageReply, 404: ErrorReply },
  }),
  post: op({
    method: 'POST',
    path: '/projects/:projectId/chat',
    summary: `Post a message (its text and up to ${L.filesPerMessage} files, MAX_FILE_MB each)`,
    params: ProjectChatParams,
    body: { multipart: ChatPostParts },
    replies: { 201: ChatMessageReply, 404: ErrorReply, ...uploadErrors },
  }),
  edit: op({
    method: 'PATCH',
    path: '/projects/:projectId/chat/:messageId',
    summary: `Edit one's own message's text, within ${L.editMinutes} minutes of sending it; open streams receive it again`,
    params: ChatMessageParams,
    body: ChatEditBody,
    // 413: a body past the api's JSON limit (BODY_LIMITS.json), which a long text of wide characters reaches.
    replies: { 200: ChatMessageReply, 404: ErrorReply, 413: ErrorReply },
  }),
  events: op({
    method: 'GET',
    path: '/projects/:projectId/chat/events',
    summary:
      'New messages as server-sent events (event "message", id = seq), from Last-Event-ID, else `after`, else the end of the thread; ends after 5 minutes (the browser reconnects)',
    params: ProjectChatParams,
    query: ChatEventsQuery,
    // 503: the chat hub cannot listen (PostgreSQL LISTEN/NOTIFY unavailable).
    replies: { 200: binary('text/event-stream'), 404: ErrorReply, 503: ErrorReply },
  }),
  unread: op({
    method: 'GET',
    path: '/chat/unread',
    summary: "The caller's unread Group Chat messages per project it works on (one statement; projects with none left out)",
    replies: { 200: ChatUnreadReply, 404: ErrorReply },
  }),
  attachment: op({
    method: 'GET',
    path: '/chat/attachments/:id/content',
    summary: 'A chat file’s bytes (same rules as project files: ranges, safe inline types only)',
    params: IdParams,
    query: FileContentQuery,
    replies: { 200: binary(ANY_TYPE), 206: binary(ANY_TYPE), 404: ErrorReply, 416: ErrorReply },
  }),
} as const;
