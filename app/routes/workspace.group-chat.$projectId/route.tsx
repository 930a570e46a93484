import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod/v4';
import { Avatar } from '~/components/avatar';
import { FileIcon } from '~/components/workspace/file-icon';
import { editChatMessage, getChatPage, postChatMessage } from '~/models/chat-book.server';
import { chatFileHref, chatPagePath } from '~/models/chat-paths';
import { readLeadingField } from './leading-field.server';
import { isMultipart } from '~/utils/stream-upload.server';
import { formatDateTime } from '../../../server/contract/dates';
import { readFormData } from '~/utils/form-data.server';
import { chatBookSheets } from '~/styles/sheets';
import type { ChatMessage } from '../../../server/contract/chat';
import { CHAT_EVENT, CHAT_LIMITS, CHAT_MESSAGES } from '../../../server/contract/chat-rules';
import { EditMessageForm, EditedMark, EditLink, editingOf, mergeMessages } from './edit-message';
import { fileFamily } from '../../../server/contract/files-rules';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { useTimeZone } from '~/utils/time-zone';
import { attempt, asErrorResponse, submitForm, required, guarded } from '~/utils/form-action.server';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: pageTitle(matches, data ? `Chat · ${data.project.projectName}` : 'Group Chat') }, { name: 'description', content: "A project's group chat." }];
export const links: LinksFunction = () => chatBookSheets;

/**
 * A project's Group Chat (docs/decisions/116 and 117): the newest page at the
 * bottom, "Older messages" pages back by seq (`?before=`), a multipart form for text and files.
 * Without JavaScript the form posts and the page reloads; with it, new messages arrive live from
 * /resources/chat-events (server-sent events; EventSource reconnects with Last-Event-ID) and are
 * merged by id, so a message never shows twice. Its author edits a message for 15 minutes
 * (docs/decisions/171): `?edit={id}` turns it into a form in place (a link and a post, so the same
 * with and without JavaScript); other members receive the edit through the stream.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const before = Number(search.get('before'));
  const [user, page] = await guarded(
    requireWorkspaceUser(request),
    required(getChatPage(request, params.projectId ?? '', Number.isSafeInteger(before) && before > 0 ? before : undefined)),
  );
  const paged = Number.isSafeInteger(before) && before > 0;
  // `now`: the edit window is judged against the server's clock, the same on the server and in the browser.
  return json({ ...page, me: user.id, paged, before: paged ? before : null, editing: search.get('edit'), now: new Date().toISOString() });
}

type SendFailure = { error: string; intent: 'send'; body?: string };

/** The edit form: its text goes to the api as typed (the api says what is wrong with it, "Write a message"). */
const EditFields = z.object({ body: z.string().default('') });

/** The most a message's text can take in the form's body: 4 bytes a character in UTF-8, and its part's headers. */
const MESSAGE_PART_MAX_BYTES = CHAT_LIMITS.body * 4 + 1024;

export async function action({ request, params }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  const projectId = params.projectId ?? '';
  // The edit form is a small urlencoded post; sending is multipart (files).
  if (!isMultipart(request)) return editAction(request, projectId);
  // The text is read before the form goes on to the api, so a refused send shows it again.
  const { text, body } = await readLeadingField(request, 'body', MESSAGE_PART_MAX_BYTES);
  const sent = await attempt(postChatMessage(request, projectId, body));
  if (sent.ok) return redirect(`${chatPagePath(projectId)}#latest`);
  // An unknown project (or not the visitor's) is the error page; any other refusal is said under the form.
  if (sent.error.status === 404 || sent.error.status === 403) throw asErrorResponse(sent.error);
  return json<SendFailure>({ error: sent.error.message, intent: 'send', body: text ?? '' }, { status: sent.error.status });
}

async function editAction(request: Request, projectId: string) {
  const form = await readFormData(request);
  const messageId = String(form.get('messageId') ?? '');
  const before = Number(form.get('before'));
  if (form.get('intent') !== 'edit' || !messageId) return json<SendFailure>({ error: CHAT_MESSAGES.editFailed, intent: 'send' }, { status: 400 });
  const page = Number.isSafeInteger(before) && before > 0 ? `?before=${before}` : '';
  return submitForm(form, {
    schema: EditFields,
    intent: 'edit',
    // Said beside the message (no toast): what is wrong with the text, not the author, or too late.
    failure: { data: { messageId }, inlineOnly: true },
    // An unknown message or project is the error page.
    errorPage: (error) => error.status !== 400 && !(error.status === 403 && (error.message === CHAT_MESSAGES.notAuthor || error.message === CHAT_MESSAGES.editWindowPassed)),
    send: ({ body }) => editChatMessage(request, projectId, messageId, { body }),
    done: () => redirect(`${chatPagePath(projectId)}${page}#m-${messageId}`),
  });
}

export default function GroupChat() {
  const { project, messages, older, latest, me, paged, before, editing: editParam, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failure = actionData && 'error' in actionData ? actionData : undefined;
  const editFailure = actionData && 'messageId' in actionData ? actionData : undefined;
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formEncType === 'multipart/form-data';
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [connected, setConnected] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => mergeMessages(messages, live), [messages, live]);
  // A failed save keeps its form open (the post's address has no `?edit=`).
  const editing = editFailure?.messageId ?? editParam;

  // Live only on the newest page; the stream starts after the last message this page rendered.
  useEffect(() => {
    if (paged) return;
    const source = new EventSource(`/resources/chat-events/${project.id}?after=${latest}`);
    source.onopen = () => setConnected(true);
    source.onerror = () => setConnected(false);
    source.addEventListener(CHAT_EVENT, (event) => {
      const message = JSON.parse((event as MessageEvent<string>).data) as ChatMessage;
      // A new message, or a new revision of one (an edit); mergeMessages keeps the newest copy.
      setLive((list) => [...list.filter((m) => m.id !== message.id || m.revision > message.revision), ...(list.some((m) => m.id === message.id && m.revision > message.revision) ? [] : [message])]);
    });
    return () => source.close();
  }, [project.id, latest, paged]);

  useEffect(() => {
    if (!paged) bottom.current?.scrollIntoView({ block: 'end' });
  }, [shown.length, paged]);

  // A sent message clears the form (its page comes back with the message in it). The outcome is
  // known once the navigation is idle again: while the page reloads after the send, the data of an
  // earlier refused send is still there. The live stream often shows the message before that: text
  // typed since is the next message, and stays (only the sent files go).
  const inFlight = navigation.state !== 'idle' && navigation.formEncType === 'multipart/form-data';
  const wasInFlight = useRef(false);
  const bodyInFlight = inFlight ? navigation.formData?.get('body') : undefined;
  const sentBody = useRef<FormDataEntryValue | null>(null);
  useEffect(() => {
    if (bodyInFlight !== undefined) sentBody.current = bodyInFlight;
  }, [bodyInFlight]);
  useEffect(() => {
    if (wasInFlight.current && !inFlight && !failure && form.current) {
      const body = form.current.elements.namedItem('body');
      if (body instanceof HTMLTextAreaElement && body.value !== sentBody.current) {
        const files = form.current.elements.namedItem('files');
        if (files instanceof HTMLInputElement) files.value = '';
      } else {
        form.current.reset();
        // reset() goes back to the text a refused send left as the default.
        if (body instanceof HTMLTextAreaElement) body.value = '';
      }
    }
    wasInFlight.current = inFlight;
  }, [inFlight, failure]);

  return (
    <div className="cb-chat">
      <header className="cb-chat-head">
        <div>
          <p className="cb-chat-eyebrow">
            <Link to="/workspace/group-chat" className="cb-chat-back">
              ← All project chats
            </Link>
          </p>
          <h1 className="cb-chat-title">{project.projectName}</h1>
        </div>
        <span className={`cb-live ${connected ? 'cb-live-on' : ''}`} data-testid="chat-live" aria-live="polite">
          {paged ? 'Earlier messages' : connected ? 'Live' : 'Reload for new messages'}
        </span>
      </header>
      <section className="cb-thread-box" aria-label="Messages" data-testid="chat-messages">
        {older !== null ? (
          <Link to={`?before=${older}`} className="cb-older" data-testid="older-messages">
            Older messages
          </Link>
        ) : null}
        {shown.length ? (
          <ol className="cb-messages">
            {shown.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                mine={message.authorId === me}
                now={now}
                edit={editingOf(message, { editing, me, now, failure: editFailure, before })}
              />
            ))}
          </ol>
        ) : (
          <p className="cb-no-messages">{CHAT_MESSAGES.noMessages}. Start the conversation below.</p>
        )}
        {paged ? (
          <Link to={chatPagePath(project.id)} className="cb-older">
            Newest messages
          </Link>
        ) : null}
        <div ref={bottom} id="latest" />
      </section>
      <Form method="post" encType="multipart/form-data" className="cb-compose" ref={form} data-testid="chat-form">
        {failure?.error ? (
          <p className="field-error" role="alert">
            {failure.error}
          </p>
        ) : null}
        <label className="visually-hidden" htmlFor="chat-body">
          Message
        </label>
        {/* First in the form: the action reads it from the front of the body (readLeadingField). */}
        <textarea id="chat-body" name="body" rows={2} maxLength={CHAT_LIMITS.body} placeholder="Write a message…" defaultValue={failure?.body} data-testid="chat-body" />
        <div className="cb-compose-row">
          <label className="cb-attach">
            <span>Attach files</span>
            <input type="file" name="files" multiple data-testid="chat-files" />
          </label>
          <button type="submit" className="button button-primary" disabled={sending} data-testid="chat-send">
            {sending ? 'Sending…' : 'Send'}
          </button>
        </div>
      </Form>
    </div>
  );
}

function MessageItem({ message, mine, now, edit }: { message: ChatMessage; mine: boolean; now: string; edit: ReturnType<typeof editingOf> }) {
  const zone = useTimeZone();
  return (
    <li className={`cb-message ${mine ? 'cb-message-mine' : ''}`} data-testid="chat-message" data-seq={message.seq} id={`m-${message.id}`}>
      {mine ? null : <Avatar name={message.authorName} size={32} />}
      <div className="cb-bubble">
        <p className="cb-meta">
          <span className="cb-author">{mine ? 'You' : message.authorName}</span>
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, zone)}</time>
          <EditedMark message={message} />
          {mine && !edit ? <EditLink message={message} now={now} /> : null}
        </p>
        {edit ? <EditMessageForm message={message} {...edit} /> : message.body ? <p className="cb-body">{message.body}</p> : null}
        {message.attachments.length ? (
          <ul className="cb-files">
            {message.attachments.map((file) => (
              <li key={file.id}>
                <a href={chatFileHref(file.id)} download={file.fileName} data-testid="chat-file">
                  <FileIcon family={fileFamily(file.contentType)} size={20} />
                  <span>{file.fileName}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
