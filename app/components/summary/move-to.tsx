import { IntentButton, rowFormId } from './editor-context';

/**
 * "Move to another section" of an item and "Move to another room" of a section: a native
 * disclosure holding a select of the places and a button. Both belong to the row's form
 * (RowForm) and post the `move-to` intent (to the end of the parent chosen in `to`). It works
 * without JavaScript, and by keyboard with it.
 */
export function MoveTo({
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
  const form = rowFormId(kind, id);
  return (
    <details className="sm-more">
      <summary data-testid={menuTestId}>{summary}</summary>
      <div className="sm-move-to">
        <label htmlFor={`move-${id}`} className="visually-hidden">
          {label}
        </label>
        <select id={`move-${id}`} name="to" form={form} defaultValue={parentId} data-testid={selectTestId}>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>
        <IntentButton intent="move-to" form={form}>
          {button}
        </IntentButton>
      </div>
    </details>
  );
}
