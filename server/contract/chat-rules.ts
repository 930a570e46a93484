/** The plain values of Group Chat (issue 12 item 5, docs/decisions/116 and 117). No zod: browser code uses them. */

export const CHAT_LIMITS = { body: 4000, filesPerMessage: 5, pageSize: 30, pageMax: 100 } as const;

export const CHAT_MESSAGES = {
  empty: 'Write a message or attach a file',
  tooLong: `A message is at most ${CHAT_LIMITS.body} characters`,
  tooManyFiles: `Attach at most ${CHAT_LIMITS.filesPerMessage} files to a message`,
  sendFailed: 'Failed to send message',
  attachmentNotFound: 'File not found',
  noMessages: 'No messages yet',
} as const;

/** The server-sent event a new message arrives as; its `id:` is the message's seq. */
export const CHAT_EVENT = 'message';
