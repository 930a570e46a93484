import { ApiError, apiHeaders, apiUrl, fetchApi, forwardedFor, readApiReply, streamApiFile, call } from '~/utils/api.server';
import { getSession, logoutRedirect } from '~/utils/session.server';
import { forwardUploadTo } from '~/utils/stream-upload.server';
import { isId } from '../../server/contract/http';
import { addressBookOperations as book, type Contact, type ContactBody, type ContactChanges, type ContactsQuery } from '../../server/contract/address-book';
import { chatOperations as chat, type ChatEditBody } from '../../server/contract/chat';
import { fillPath } from '../../server/contract/operation';
import { settingsOperations as settings, type ChangePasswordBody, type NotificationSettingsChanges } from '../../server/contract/settings';

/**
 * The web's calls of the Address Book, Group Chat and Setting: the only place their api paths are
 * written; each is called by its declaration (server/contract/address-book.ts, chat.ts, settings.ts,
 * docs/decisions/370). Chat files and the live stream go through the web's own
 * resource routes with the visitor's session (the browser never holds the api token).
 */

// Address Book ----------------------------------------------------------------------------------

export async function listContacts(request: Request, query: ContactsQuery) {
  // Empty values are left out of the url (apiUrl).
  return (await call(request, book.list, { query })).data;
}

export const getContact = async (request: Request, id: string): Promise<Contact> => (await call(request, book.get, { params: { id } })).data;

export const createContact = async (request: Request, body: ContactBody) => (await call(request, book.create, { json: body })).data;

export const updateContact = async (request: Request, id: string, body: ContactChanges) =>
  (await call(request, book.update, { params: { id }, json: body })).data;

export const deleteContact = (request: Request, id: string) => call(request, book.remove, { params: { id } });

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

export const changePassword = (request: Request, body: ChangePasswordBody) => call(request, settings.changePassword, { json: body });

export const getNotificationSettings = async (request: Request) => (await call(request, settings.notifications, {})).data;

export const saveNotificationSettings = async (request: Request, body: NotificationSettingsChanges) =>
  (await call(request, settings.saveNotifications, { json: body })).data;
