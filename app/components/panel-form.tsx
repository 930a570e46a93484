import { getFormProps, type FormMetadata } from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { FormErrors } from './field';
import { StaleValues, VersionField, type ShownValue, type WithStale } from './record-version';

/**
 * The form of an Add/Edit side panel: it posts conform's `form`, carries the item's `id` when
 * editing one (`editId`) and the version it was read at (`versioned`, docs/decisions/320), and
 * shows the form's own errors above its fields, and after a save that lost to someone else's the
 * record's current values.
 */
export function PanelForm<Schema extends Record<string, unknown>>({
  form,
  editId,
  testId,
  versioned,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  editId?: string;
  /** An edit: the version read, the action's answer (a stale save's current values) and the labels to show them by. */
  versioned?: { read: number; actionData?: WithStale; shown: ShownValue[] } | null;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...getFormProps(form)} data-testid={testId}>
      {editId ? <input type="hidden" name="id" value={editId} /> : null}
      {versioned ? <VersionField read={versioned.read} actionData={versioned.actionData} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      {versioned ? <StaleValues actionData={versioned.actionData} fields={versioned.shown} id={`${testId}-stale`} /> : null}
      {children}
    </Form>
  );
}
