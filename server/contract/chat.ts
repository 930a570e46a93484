import { z } from 'zod/v4';
import { CHAT_LIMITS as L } from './chat-rules.js';

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
