import { Form } from '@remix-run/react';
import { ViewFields } from './editor-context';

/**
 * "Move to another section" of an item and "Move to another room" of a section: a native
 * disclosure holding a select of the places and a button, a form of its own that posts the `move`
 * intent (to the end of the chosen parent). It works without JavaScript, and by keyboard with it.
 */
export function MoveToForm({
  kind,
  id,
  parentId,
  choices,
  summary,
  button,
  label,
  menuTestId,
  selectTestId,
}: {
  kind: 'items' | 'sections';
  id: string;
  /** The current parent, chosen at first. */
  parentId: string;
  choices: Array<{ id: string; label: string }>;
  summary: string;
  button: string;
  /** The select's accessible name. */
  label: string;
  menuTestId: string;
  selectTestId: string;
}) {
  return (
    <details className="sm-more">
      <summary data-testid={menuTestId}>{summary}</summary>
      <Form method="post" className="sm-move-to" preventScrollReset>
        <ViewFields />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="index" value="10000" />
        <label htmlFor={`move-${id}`} className="visually-hidden">
          {label}
        </label>
        <select id={`move-${id}`} name="parentId" defaultValue={parentId} data-testid={selectTestId}>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>
        <button type="submit" name="intent" value="move" className="button button-ghost button-small">
          {button}
        </button>
      </Form>
    </details>
  );
}
