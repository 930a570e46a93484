/**
 * Group Chat's web addresses, for pages and components alike (a `.server` module is empty in the
 * browser bundle, so a component must not take them from chat-book.server.ts).
 */

export const chatPagePath = (projectId: string) => `/workspace/group-chat/${projectId}`;

export const chatFileHref = (attachmentId: string, disposition: 'inline' | 'attachment' = 'attachment') =>
  `/resources/chat-files/${attachmentId}${disposition === 'inline' ? '?disposition=inline' : ''}`;
