import { api, ApiError, apiHeaders, apiUrl, fetchApi, forwardedFor, readApiReply, streamApiFile, call } from '~/utils/api.server';
import { getSession, logoutRedirect } from '~/utils/session.server';
import { forwardUploadTo } from '~/utils/stream-upload.server';
import { isId, type MessageReply } from '../../server/contract/http';
import type { Contact, ContactBody, ContactChanges, ContactReply, ContactsQuery, ContactsReply } from '../../server/contract/address-book';
import { chatOperations as chat, type ChatEditBody } from '../../server/contract/chat';
import { fillPath } from '../../server/contract/operation';
import type { ChangePasswordBody, NotificationSettingsChanges, NotificationSettingsReply } from '../../server/contract/settings';

/**
 * The web's calls of the Address Book, Group Chat and Setting: the only place their api paths are
 * written; Group Chat's are called by their declarations (server/contract/chat.ts
 * `chatOperations`, docs/decisions/370). Chat files and the live stream go through the web's own
 * resource routes with the visitor's session (the browser never holds the api token).
 */

const enc = encodeURIComponent;

// Address Book ----------------------------------------------------------------------------------

export async function listContacts(request: Request, query: ContactsQuery) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(key, String(value));
  return (await api<ContactsReply>(request, `/contacts?${search}`)).data;
}

export const getContact = async (request: Request, id: string): Promise<Contact> => (await api<ContactReply>(request, `/contacts/${enc(id)}`)).data;

export const createContact = async (request: Request, body: ContactBody) => (await api<ContactReply>(request, '/contacts', { method: 'POST', json: body })).data;

export const updateContact = async (request: Request, id: string, body: ContactChanges) =>
  (await api<ContactReply>(request, `/contacts/${enc(id)}`, { method: 'PUT', json: body })).data;

export const deleteContact = (request: Request, id: string) => api<MessageReply>(request, `/contacts/${enc(id)}`, { method: 'DELETE' });

/** Every contact of the firm for a picker (the Address Book is a few hundred rows at most; pages of 100). */
export async function allContacts(request: Request): Promise<Contact[]> {
  const contacts: Contact[] = [];
  let after: string | undefined;
  for (let page = 0; page < 10; page++) {
    const data = await listContacts(request, { limit: 100, after });
    contacts.push(...data.contacts);
    if (!data.next) break;
    after = data.next;
  }
  return contacts;
}

// Group Chat --------------------------------------------------------------------------------------

export async function getChatPage(request: Request, projectId: string, before?: number) {
  return (await call(request, chat.page, { params: { projectId }, query: before !== undefined ? { before } : {} })).data;
}

/** The send form (multipart: body and files), passed on to the api as it arrives (`body`: the request's, after a first look). */
export async function postChatMessage(request: Request, projectId: string, body?: ReadableStream<Uint8Array> | null) {
  return (await forwardUploadTo(request, chat.post, { params: { projectId } }, body)).data;
}

/** The author's new text of a message (docs/decisions/171). */
export const editChatMessage = async (request: Request, projectId: string, messageId: string, body: ChatEditBody) =>
  (await call(request, chat.edit, { params: { projectId, messageId }, json: body })).data;

/** The viewer's unread messages by project id (projects without any are absent). */
export async function getUnreadCounts(request: Request): Promise<Record<string, number>> {
  const { data } = await call(request, chat.unread, {});
  return Object.fromEntries(data.map((row) => [row.projectId, row.unread]));
}

export function streamChatFile(request: Request, attachmentId: string) {
  const disposition = new URL(request.url).searchParams.get('disposition') === 'inline' ? 'inline' : 'attachment';
  return streamApiFile(request, `${fillPath(chat.attachment.path, { id: attachmentId })}?disposition=${disposition}`);
}

const plain = (status: number, message: string) => new Response(message, { status, headers: { 'cache-control': 'no-store', 'content-type': 'text/plain' } });

/**
 * The api's event stream of a project's chat, passed through with the session's token: the body
 * is piped as it comes, `Cache-Control: no-transform` keeps the web's compression off it, and the
 * browser's Last-Event-ID (sent by EventSource when it reconnects) goes on to the api.
 */
export async function chatEventsResponse(request: Request, projectId: string): Promise<Response> {
  if (!isId(projectId)) return plain(404, 'Not found');
  const token = (await getSession(request)).get('token') ?? null;
  const passed: Record<string, string> = { accept: 'text/event-stream' };
  const lastEventId = request.headers.get('last-event-id');
  if (lastEventId && /^\d{1,15}$/.test(lastEventId)) passed['last-event-id'] = lastEventId;
  const after = new URL(request.url).searchParams.get('after');
  const query = after && /^\d{1,15}$/.test(after) ? `?after=${after}` : '';
  const upstream = await fetchApi(apiUrl(`${fillPath(chat.events.path, { projectId })}${query}`), {
    headers: apiHeaders({ token, forwardedFor: forwardedFor(request), headers: passed }),
    signal: request.signal,
  });
  if (!upstream.ok || !upstream.body) {
    try {
      await readApiReply(upstream, 'The chat is unavailable');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && token) throw await logoutRedirect(request);
      if (error instanceof ApiError) return plain(error.status === 503 ? 503 : 404, error.message);
      throw error;
    }
    return plain(502, 'The chat is unavailable');
  }
  return new Response(upstream.body, {
    status: 200,
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' },
  });
}

// Setting -----------------------------------------------------------------------------------------

export const changePassword = (request: Request, body: ChangePasswordBody) => api<MessageReply>(request, '/users/change-password', { method: 'POST', json: body });

export const getNotificationSettings = async (request: Request) => (await api<NotificationSettingsReply>(request, '/users/notification-settings')).data;

export const saveNotificationSettings = async (request: Request, body: NotificationSettingsChanges) =>
  (await api<NotificationSettingsReply>(request, '/users/notification-settings', { method: 'PUT', json: body })).data;
