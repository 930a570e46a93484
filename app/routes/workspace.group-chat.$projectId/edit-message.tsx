import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link, useNavigation, useSearchParams } from '@remix-run/react';
import { SERVER_VALIDATION } from '~/components/form-intents';
import type { ChatMessage } from '../../../server/contract/chat';
import { CHAT_LIMITS, withinEditWindow } from '../../../server/contract/chat-rules';
import { chatPagePath } from '~/models/chat-paths';
import { formatDateTime } from '../../../server/contract/dates';
import { useTimeZone } from '~/utils/time-zone';

/**
 * Editing one's own Group Chat message (docs/decisions/171): an "Edit" link (`?edit={id}`, kept
 * on an older page) turns the message into a small form in place; Save posts it (intent=edit) and
 * the action redirects back to the message. The same with and without JavaScript; with it, the
 * link and the post are client navigations and other members receive the edit live.
 */

/**
 * The page's messages and those that arrived live, in seq order, each once and in its newest
 * revision. A live edit of a message this page does not show (an older one) is left out.
 */
export function mergeMessages(page: ChatMessage[], live: ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>(page.map((m) => [m.id, m]));
  const lastOnPage = page.at(-1)?.seq ?? 0;
  for (const message of live) {
    const known = byId.get(message.id);
    if (known ? known.revision < message.revision : message.seq > lastOnPage) byId.set(message.id, message);
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** A refused edit as the action answers it: the message and the form's result (what was typed, why it was refused). */
type EditFailure = { messageId: unknown; result: SubmissionResult<string[]> };

/** The edit form's state for `message`, or null when it is not being edited (by its author, in time). */
export function editingOf(
  message: ChatMessage,
  page: { editing: string | null; me: string; now: string; failure?: EditFailure; before: number | null },
): { lastResult: SubmissionResult<string[]> | null; before: number | null } | null {
  if (page.editing !== message.id || message.authorId !== page.me) return null;
  // A failure is answered beside the message even when its time has just run out.
  const failure = page.failure?.messageId === message.id ? page.failure : undefined;
  if (!failure && !withinEditWindow(message.createdAt, new Date(page.now))) return null;
  return { lastResult: failure?.result ?? null, before: page.before };
}

export function EditedMark({ message }: { message: ChatMessage }) {
  const zone = useTimeZone();
  if (!message.editedAt) return null;
  return (
    <span className="cb-edited" title={`Edited ${formatDateTime(message.editedAt, zone)}`} data-testid="chat-edited">
      edited
    </span>
  );
}

/** Shown on one's own message while it may still be edited (judged at the page's time). */
export function EditLink({ message, now }: { message: ChatMessage; now: string }) {
  const [search] = useSearchParams();
  if (!withinEditWindow(message.createdAt, new Date(now))) return null;
  const next = new URLSearchParams(search);
  next.set('edit', message.id);
  return (
    <Link to={`?${next}#m-${message.id}`} className="cb-edit-link" preventScrollReset data-testid="chat-edit" aria-label="Edit your message">
      Edit
    </Link>
  );
}

export function EditMessageForm({ message, lastResult, before }: { message: ChatMessage; lastResult: SubmissionResult<string[]> | null; before: number | null }) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('messageId') === message.id;
  const cancel = `${chatPagePath(message.projectId)}${before ? `?before=${before}` : ''}#m-${message.id}`;
  const [form, fields] = useForm<{ body: string }>({ id: `chat-edit-${message.id}`, lastResult, defaultValue: { body: message.body }, ...SERVER_VALIDATION });
  // The text's own message ("Write a message"), else the form's (not the author, too late).
  const error = fields.body.errors?.[0] ?? form.errors?.[0] ?? null;
  const errorId = `edit-error-${message.id}`;
  return (
    <Form method="post" className="cb-edit-form" data-testid="chat-edit-form" preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="messageId" value={message.id} />
      {before ? <input type="hidden" name="before" value={before} /> : null}
      <label className="visually-hidden" htmlFor={fields.body.id}>
        Edit message
      </label>
      <textarea
        {...getTextareaProps(fields.body, { ariaAttributes: false })}
        rows={3}
        maxLength={CHAT_LIMITS.body}
        // Focus moves into the form because the author asked to edit this text.
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid="chat-edit-body"
      />
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      <div className="cb-edit-actions">
        <Link to={cancel} className="button button-secondary" preventScrollReset data-testid="chat-edit-cancel">
          Cancel
        </Link>
        <button type="submit" className="button button-primary" disabled={saving} data-testid="chat-edit-save">
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </Form>
  );
}
