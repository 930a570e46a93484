/** The plain values of Group Chat (docs/decisions/116 and 117). No zod: browser code uses them. */

/** `editMinutes`: how long after sending its author may edit a message (docs/decisions/171). */
export const CHAT_LIMITS = { body: 4000, filesPerMessage: 5, pageSize: 30, pageMax: 100, editMinutes: 15 } as const;

export const CHAT_MESSAGES = {
  empty: 'Write a message or attach a file',
  tooLong: `A message is at most ${CHAT_LIMITS.body} characters`,
  tooManyFiles: `Attach at most ${CHAT_LIMITS.filesPerMessage} files to a message`,
  sendFailed: 'Failed to send message',
  attachmentNotFound: 'File not found',
  noMessages: 'No messages yet',
  editEmpty: 'Write a message',
  messageNotFound: 'Message not found',
  notAuthor: 'Only its author can edit a message',
  editWindowPassed: `A message can be edited for ${CHAT_LIMITS.editMinutes} minutes after it is sent`,
  editFailed: 'Failed to edit message',
} as const;

/** Whether a message sent at `createdAt` may still be edited by its author at `now` (the api decides; the page hides the link after). */
export function withinEditWindow(createdAt: string | Date, now: Date = new Date()): boolean {
  return now.getTime() - new Date(createdAt).getTime() < CHAT_LIMITS.editMinutes * 60_000;
}

/** An unread count as the list shows it. */
export const unreadLabel = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * The server-sent event a new or edited message arrives as (its whole current state); its `id:` is
 * the message's `revision` (its seq, or the seq its last edit drew).
 */
export const CHAT_EVENT = 'message';
