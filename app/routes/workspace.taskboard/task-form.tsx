import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { ErrorList, Field, FormErrors } from '~/components/field';
import { PanelActions, saveLabels } from '~/components/form-actions';
import { SERVER_VALIDATION, useSaving } from '~/components/form-intents';
import { SelectOptions } from '~/components/select-options';
import { TextField } from '~/components/text-field';
import { TASK_FORM_FIELDS as F, TASK_LIMITS } from '../../../server/contract/tasks-rules';
import type { TaskFields, TaskFileDraft } from '../../../server/contract/tasks';
import { formatBytes } from '../../../server/contract/files-rules';

type Option = { id: string; name: string; designation?: string };

/**
 * The Add Task panel (screen 10): project (the viewer's projects), employees (a checkbox list of the
 * firm's active employees: a multi-select that works without JavaScript), description, due date and
 * files (one or more). Checked by the server, with the spec's messages.
 */
export function TaskForm({
  projects,
  employees,
  lastResult,
  fileDrafts = [],
  closeTo,
}: {
  projects: Array<{ id: string; projectName: string }>;
  employees: Option[];
  lastResult?: SubmissionResult<string[]> | null;
  /** Files of the last submission, kept by the api while the form came back (decision 218). */
  fileDrafts?: TaskFileDraft[];
  closeTo: string;
}) {
  const saving = useSaving();
  const [form, fields] = useForm<TaskFields & { files: File[] }>({ id: 'task-form', lastResult, ...SERVER_VALIDATION });
  const chosen = new Set(([] as unknown[]).concat(fields.employees.initialValue ?? []).map(String));
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} data-testid="task-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="Project" meta={fields.projectId}>
        <select {...getSelectProps(fields.projectId)}>
          <SelectOptions placeholder="Choose a project" options={projects.map((p) => ({ value: p.id, label: p.projectName }))} />
        </select>
      </Field>
      <fieldset className="field ws-choices" aria-describedby={fields.employees.errorId}>
        <legend>Employee</legend>
        {employees.length ? (
          <div className="ws-choice-list" data-testid="task-employees">
            {employees.map((e) => (
              <label key={e.id} className="checkbox ws-choice">
                <input type="checkbox" name={F.employees} value={e.id} defaultChecked={chosen.has(e.id)} />
                <span>
                  {e.name}
                  {e.designation ? <span className="muted"> · {e.designation}</span> : null}
                </span>
              </label>
            ))}
          </div>
        ) : (
          <p className="muted">Your firm has no active employees yet: add them on the Employee page.</p>
        )}
        <ErrorList id={fields.employees.errorId} errors={fields.employees.errors} />
      </fieldset>
      <TextField label="Title" meta={fields.title} hint="A few words the board and the calendar show; the description's first words otherwise." maxLength={TASK_LIMITS.title} />
      <Field label="Description" meta={fields.description}>
        <textarea {...getTextareaProps(fields.description)} rows={4} placeholder="What is to be done" />
      </Field>
      <TextField label="Due date" meta={fields.dueDate} type="date" />
      <Field label="Files" meta={fields.files} hint={fileDrafts.length ? 'Kept from your last try (untick one to leave it out); add more if you need.' : 'Drawings, photos, documents: at least one.'}>
        {/* A new key once files are kept: the browser's input lets go of them, so they are not sent twice. */}
        <input key={fileDrafts.map((f) => f.id).join()} id={fields.files.id} name={F.files} type="file" multiple aria-describedby={fields.files.errorId} data-testid="task-files" />
      </Field>
      {fileDrafts.length ? (
        <fieldset className="field ws-choices" data-testid="task-kept-files">
          <legend>Kept files</legend>
          <div className="ws-choice-list">
            {fileDrafts.map((file) => (
              <label key={file.id} className="checkbox ws-choice">
                <input type="checkbox" name={F.fileDrafts} value={`${file.id}|${file.size}|${file.fileName}`} defaultChecked />
                <span>
                  {file.fileName}
                  <span className="muted"> · {formatBytes(file.size)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <PanelActions cancelTo={closeTo} intent="create" busy={saving} {...saveLabels(false)} testId="save-task" sidePanel />
    </Form>
  );
}
