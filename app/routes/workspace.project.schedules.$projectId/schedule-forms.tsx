import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { StaleValues, VersionField, type ShownValue, type WithStale } from '~/components/record-version';
import { Form } from '@remix-run/react';
import { ErrorList, Field, FormErrors } from '~/components/field';
import { PanelActions, saveLabels } from '~/components/form-actions';
import { SERVER_VALIDATION, useSubmittingIntent } from '~/components/form-intents';
import { TextField } from '~/components/text-field';
import { ImageUpload, type StoredImage } from '~/components/image-upload';
import { UPLOAD_RULES } from '../../../server/contract/upload-rules';
import { SCHEDULE_DESCRIPTION_MAX, SCHEDULE_IMAGES_MAX, SCHEDULE_TITLE_MAX } from '../../../server/contract/schedules-rules';

type ScheduleFields = { title: string; description: string; images?: string[]; image?: string };

const ACCEPT_IMAGES = 'image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif';

function TextFields({ fields }: { fields: ReturnType<typeof useForm<ScheduleFields>>[1] }) {
  return (
    <>
      <TextField label="Title" meta={fields.title} maxLength={SCHEDULE_TITLE_MAX} autoComplete="off" />
      <Field label="Description" meta={fields.description}>
        <textarea {...getTextareaProps(fields.description)} rows={4} maxLength={SCHEDULE_DESCRIPTION_MAX} />
      </Field>
    </>
  );
}

/**
 * The add panel's form (spec screen 3, the plus button): title, description and up to 10 images,
 * checked by the server on submit. Images uploaded by a submission that came back with errors
 * stay in the form (by id), so they are not sent again.
 */
export function AddScheduleForm({
  lastResult,
  images,
  imagesKey,
  cancelTo,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  images: ReadonlyArray<StoredImage>;
  imagesKey: unknown;
  cancelTo: string;
}) {
  const saving = useSubmittingIntent('create');
  const [form, fields] = useForm<ScheduleFields>({ id: 'schedule-add', lastResult, ...SERVER_VALIDATION });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="sch-form" data-testid="schedule-add-form">
      <input type="hidden" name="intent" value="create" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextFields fields={fields} />
      <fieldset className="sch-images">
        <legend>Images</legend>
        <ImageUpload stored={images} min={0} max={SCHEDULE_IMAGES_MAX} errors={fields.images.errors} errorId={fields.images.errorId} resetKey={imagesKey} rule={UPLOAD_RULES.scheduleImage} />
      </fieldset>
      <PanelActions cancelTo={cancelTo} busy={saving} {...saveLabels(false)} />
    </Form>
  );
}

/** A schedule's texts, shown as they now are after a stale save (docs/decisions/320). */
const SCHEDULE_SHOWN: ShownValue[] = [
  { key: 'title', label: 'Title' },
  { key: 'description', label: 'Description' },
];

/**
 * The Edit form of one card (`?edit={id}`; the way to edit without JavaScript, and the Edit link
 * with it): title, description and, optionally, a new image in place of the card's image.
 */
export function EditScheduleForm({
  id,
  defaults,
  lastResult,
  actionData,
  cancelTo,
}: {
  id: string;
  defaults: { title: string; description: string; version: number };
  lastResult?: SubmissionResult<string[]> | null;
  /** The action's answer to this form (after a stale save, the card's current values). */
  actionData?: WithStale;
  cancelTo: string;
}) {
  const saving = useSubmittingIntent('update', id);
  const [form, fields] = useForm<ScheduleFields>({ id: `schedule-edit-${id}`, lastResult, defaultValue: defaults, ...SERVER_VALIDATION });
  const imageId = `${form.id}-image`;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="sch-form sch-edit-form" data-testid="schedule-edit-form">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={id} />
      <VersionField read={defaults.version} actionData={actionData} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <StaleValues actionData={actionData} fields={SCHEDULE_SHOWN} id={`${form.id}-stale`} />
      <TextFields fields={fields} />
      <div className="field">
        <label htmlFor={imageId}>New image</label>
        <input
          id={imageId}
          type="file"
          name="files"
          className="file-input"
          accept={ACCEPT_IMAGES}
          aria-describedby={`${imageId}-hint`}
          aria-invalid={fields.image.errors?.length ? true : undefined}
        />
        <p id={`${imageId}-hint`} className="field-hint">
          Optional: replaces the card&apos;s image. JPG, PNG or GIF.
        </p>
        <ErrorList id={fields.image.errorId} errors={fields.image.errors} />
      </div>
      <PanelActions cancelTo={cancelTo} busy={saving} label="Save" busyLabel="Saving..." />
    </Form>
  );
}
