import { getFormProps, type FormMetadata } from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { FormErrors } from './field';

/**
 * The form of an Add/Edit side panel: it posts conform's `form`, carries the item's `id` when
 * editing one (`editId`), and shows the form's own errors above its fields.
 */
export function PanelForm<Schema extends Record<string, unknown>>({
  form,
  editId,
  testId,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  editId?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...getFormProps(form)} data-testid={testId}>
      {editId ? <input type="hidden" name="id" value={editId} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      {children}
    </Form>
  );
}
