import { Form } from '@remix-run/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { SummaryJson } from '../../../server/contract/summary';
import type { EditorView } from './editor-url';

/** What every part of the editor needs: the view (for the hidden fields of each form) and the summary's places to move to. */
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
  typed: Record<string, string>;
  hydrated: boolean;
  /** The href of the delete confirmation of `kind:id`. */
  confirmHref: (key: string) => string;
};

export const EditorContext = createContext<EditorContextValue | null>(null);
export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor outside the summary editor');
  return value;
}

export type SummaryItem = SummaryJson['rooms'][number]['sections'][number]['items'][number];
export type SummarySection = SummaryJson['rooms'][number]['sections'][number];

/** The hidden fields that bring a post back to the same view. */
export function ViewFields() {
  const { view } = useEditor();
  return (
    <>
      <input type="hidden" name="schedule" value={view.schedule} />
      <input type="hidden" name="tab" value={view.tab} />
      {view.room ? <input type="hidden" name="room" value={view.room} /> : null}
      {view.edit ? <input type="hidden" name="edit" value="1" /> : null}
    </>
  );
}

/** One button that posts one intent (copy, move up, delete image…): a form of its own, so it works without JavaScript. */
export function PostButton({
  intent,
  fields,
  children,
  className = 'button button-ghost button-small',
  label,
  testId,
  disabled,
}: {
  intent: string;
  fields: Record<string, string | number>;
  children: ReactNode;
  className?: string;
  label?: string;
  testId?: string;
  disabled?: boolean;
}) {
  return (
    <Form method="post" className="sm-inline-form" preventScrollReset>
      <ViewFields />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value)} />
      ))}
      <button type="submit" name="intent" value={intent} className={className} aria-label={label} title={label} data-testid={testId} disabled={disabled}>
        {children}
      </button>
    </Form>
  );
}
