import { Form, Link, useNavigate, useNavigation, useRouteLoaderData, type FormProps } from '@remix-run/react';
import { createContext, useContext, useEffect, useRef, type ReactNode, type Ref } from 'react';
import type { EditorItem, EditorSection } from './editor-data';
import type { EditorView } from './editor-url';
import { RowIcon } from './icons';

/** What every part of the editor needs: the view (and the address its forms post to) and the summary's places to move to. */
export type EditorContextValue = {
  projectId: string;
  view: EditorView & { schedule: string };
  /** Every section of the schedule, labelled "Room · Section", for "Move to section". */
  sectionChoices: Array<{ id: string; label: string }>;
  /** Every room of the schedule, in order, for "Move to room". */
  roomChoices: Array<{ id: string; label: string }>;
  /** The firm's Project Library, for "Add from library". */
  library: Array<{ id: string; title: string }>;
  /** Fields of Save all the last post refused (`<itemId>:<field>`), with what was typed. */
  problems: Set<string>;
  /** What is wrong with a refused field, where it is more than a blank (an amount out of range). */
  problemMessages: Record<string, string>;
  typed: Record<string, string>;
  /** The action's address for this view (editorHref): every form of the editor posts there. */
  formAction: string;
  /** The href of the delete confirmation of `kind:id`. */
  confirmHref: (key: string) => string;
  /** The view with one item or section open for editing (`?edit=<id>`), at its anchor. */
  openHref: (id: string) => string;
  /** The view with nothing open, back at the row's anchor. */
  closeHref: (id: string) => string;

  /** Trade price, net profit and markup are shown (the api sends them only then; docs/decisions/258). */
  canSeeMargins: boolean;
};

export const EditorContext = createContext<EditorContextValue | null>(null);
export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor outside the summary editor');
  return value;
}

export type SummaryItem = EditorItem;
export type SummarySection = EditorSection;

/**
 * A form of the editor. It posts to the page's action at the address of the view on show
 * (`formAction`), so the action sends the person back to the same view. The view travels in the
 * address, not as hidden fields in every form (decision 215).
 */
export function EditorForm({ children, formRef, ...props }: Omit<FormProps, 'method' | 'action' | 'preventScrollReset'> & { formRef?: Ref<HTMLFormElement> }) {
  const { formAction } = useEditor();
  return (
    <Form method="post" action={formAction} preventScrollReset ref={formRef} {...props}>
      {children}
    </Form>
  );
}

export type RowKind = 'rooms' | 'sections' | 'items';

/** The id of a row's form, for the controls outside it (`form="…"`). */
export const rowFormId = (kind: RowKind, id: string) => `${kind}-${id}`;

/**
 * The one form of a room, section or item: its id and kind, once. Each button of the row names its
 * intent (and its one value: `move:3`, see `IntentButton`); buttons elsewhere in the row join it
 * with `form={rowFormId(kind, id)}`, as nested forms are not allowed.
 */
export function RowForm({ kind, id, version, className, children }: { kind: RowKind; id: string; version?: number; className?: string; children?: ReactNode }) {
  return (
    <EditorForm id={rowFormId(kind, id)} className={className}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="kind" value={kind} />
      {/* The version a change of the row names (a section's status; docs/decisions/320). */}
      {version === undefined ? null : <input type="hidden" name="version" value={version} />}
      {children}
    </EditorForm>
  );
}

/**
 * A button that posts one intent of a row's form (copy, move up, delete image…). `value` is the
 * intent's one argument, sent after a colon (`move:3`, `delete-image:<id>`); the action spreads it
 * into its field (INTENT_ARGUMENTS, actions.server.ts).
 */
export function IntentButton({
  intent,
  value,
  form,
  children,
  className = 'button button-ghost button-small',
  label,
  testId,
  disabled,
}: {
  intent: string;
  value?: string | number;
  /** The row's form, when the button is not inside it. */
  form?: string;
  children: ReactNode;
  className?: string;
  label?: string;
  testId?: string;
  disabled?: boolean;
}) {
  return (
    <button type="submit" name="intent" value={value === undefined ? intent : `${intent}:${value}`} form={form} className={className} aria-label={label} title={label} data-testid={testId} disabled={disabled}>
      {children}
    </button>
  );
}

/**
 * Move up, Move down and Delete of an item or a section, inside its row form: the moves post `move`
 * to the index before or after; Delete opens the confirmation (`confirmKey`).
 */
export function MoveAndDelete({
  index,
  count,
  confirmKey,
  labels,
  testIds,
}: {
  index: number;
  count: number;
  confirmKey: string;
  labels: { up: string; down: string; remove: string };
  testIds: { up: string; down: string; remove?: string };
}) {
  const { confirmHref } = useEditor();
  return (
    <>
      <IntentButton intent="move" value={index - 1} label={labels.up} testId={testIds.up} disabled={index === 0}>
        <RowIcon name="up" size={16} />
      </IntentButton>
      <IntentButton intent="move" value={index + 1} label={labels.down} testId={testIds.down} disabled={index === count - 1}>
        <RowIcon name="down" size={16} />
      </IntentButton>
      <Link to={confirmHref(confirmKey)} replace preventScrollReset className="button button-ghost button-small sm-danger" aria-label={labels.remove} title={labels.remove} data-testid={testIds.remove}>
        <RowIcon name="trash" size={16} />
      </Link>
    </>
  );
}

/**
 * With JavaScript the page is not drawn anew after a post, so a form that adds something (New
 * Room, Add section, Add card) would keep its text, and a second click would add it twice. This
 * empties the form once its post succeeded (the redirect's toast is a success); after a refusal
 * the text stays, to be corrected. Without JavaScript the new page's form is empty anyway.
 */
export function useClearedAfterSuccess() {
  const formRef = useRef<HTMLFormElement>(null);
  const posted = useRef(false);
  const navigation = useNavigation();
  const root = useRouteLoaderData('root') as { toast?: { type?: string } | null } | undefined;
  const succeeded = root?.toast?.type === 'success';
  useEffect(() => {
    if (navigation.state !== 'idle' || !posted.current) return;
    posted.current = false;
    if (succeeded) formRef.current?.reset();
  }, [navigation.state, succeeded]);
  return {
    formRef,
    onSubmit: () => {
      posted.current = true;
    },
  };
}

/**
 * The Edit link of an item or a section's read view: opens that one row for editing, at its anchor.
 * A plain link with a relative address (`?…&edit=<id>#row-<id>`) and one short class, as there is
 * one per item: with JavaScript the sections' one click handler (RowLinks) follows it without
 * reloading the page.
 */
export function EditButton({ id, label, testId }: { id: string; label: string; testId: string }) {
  const { openHref } = useEditor();
  return (
    <a href={openHref(id)} className="sm-edit" aria-label={label} data-testid={testId}>
      Edit
    </a>
  );
}

/** One click handler for every Edit link inside (`a.sm-edit`): a client navigation that keeps the scroll. */
export function RowLinks({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  const navigate = useNavigate();
  return (
    // A delegated handler of the links inside, which keep their own keyboard behaviour.
    <div
      className={className}
      data-testid={testId}
      onClick={(event) => {
        const link = event.target instanceof Element ? event.target.closest('a.sm-edit') : null;
        if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(link.getAttribute('href') ?? '', { preventScrollReset: true });
      }}
    >
      {children}
    </div>
  );
}
