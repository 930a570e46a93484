import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { Field, FormErrors } from '~/components/field';
import { StaleValues, VersionField, type ShownValue, type WithStale } from '~/components/record-version';
import { FieldRows } from '~/components/field-rows';
import { SERVER_VALIDATION, useSaving } from '~/components/form-intents';
import { ImageUpload, type StoredImage } from '~/components/image-upload';
import { PlaceSelects, type PlaceOptionLists } from '~/components/place-selects';
import { ProjectTypeOptions } from '~/components/project-type-select';
import type { PublicProjectInput } from '../../../server/contract/projects';
import { IMAGES_MAX_MESSAGE, PROJECT_IMAGES_MAX, PROJECT_IMAGES_MIN } from '../../../server/contract/projects-rules';
import { DESIGN_TEAM_ROLES } from '../../../server/contract/vocabulary';

export type ProjectDefaults = {
  projectName: string;
  projectType: string;
  area: string;
  year: string;
  country: string;
  state: string;
  city: string;
  description: string;
  architecture: Array<{ name: string; style: string }>;
  teams: Array<{ name: string; role: string }>;
};

type ProjectFields = Omit<PublicProjectInput, 'imageIds'> & { images?: string[] };

/** The add / edit public project form: every field of the spec, repeatable rows, images. */
/** A portfolio project's fields as the form labels them, shown as they now are after a stale save (docs/decisions/320). */
const PUBLIC_PROJECT_SHOWN: ShownValue[] = [
  { key: 'projectName', label: 'Project name' },
  { key: 'projectTypeLabel', label: 'Project type' },
  { key: 'area', label: 'Area' },
  { key: 'year', label: 'Year' },
  { key: 'country', label: 'Country' },
  { key: 'state', label: 'State' },
  { key: 'city', label: 'City' },
  { key: 'description', label: 'Description' },
];

export function ProjectForm({
  defaults,
  lastResult,
  options,
  images,
  imagesKey,
  editing,
  cancelTo,
  version,
  actionData,
}: {
  /** An edit: the version of the project the form was read at (docs/decisions/320). */
  version?: number;
  /** The action's answer (after a stale save, the project's current values). */
  actionData?: WithStale;
  defaults: ProjectDefaults;
  lastResult?: SubmissionResult<string[]> | null;
  options: PlaceOptionLists;
  images: ReadonlyArray<StoredImage>;
  imagesKey: unknown;
  editing: boolean;
  cancelTo: string;
}) {
  const saving = useSaving();
  const [form, fields] = useForm<ProjectFields>({
    id: 'project-form',
    lastResult,
    defaultValue: {
      ...defaults,
      architecture: defaults.architecture.length ? defaults.architecture : [{ name: '', style: '' }],
      teams: defaults.teams.length ? defaults.teams : [{ name: '', role: '' }],
    },
    ...SERVER_VALIDATION,
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="project-form" data-testid="project-form">
      {version === undefined ? null : <VersionField read={version} actionData={actionData} />}
      <FormErrors id={form.errorId} errors={form.errors} />
      {version === undefined ? null : <StaleValues actionData={actionData} fields={PUBLIC_PROJECT_SHOWN} id="project-form-stale" />}
      <section className="form-section">
        <h2>Project</h2>
        <Field label="Project name" meta={fields.projectName}>
          <input {...getInputProps(fields.projectName, { type: 'text' })} />
        </Field>
        <div className="form-grid form-grid-3">
          <Field label="Project type" meta={fields.projectType}>
            <select {...getSelectProps(fields.projectType)}>
              <ProjectTypeOptions />
            </select>
          </Field>
          <Field label="Area (m²)" meta={fields.area}>
            <input {...getInputProps(fields.area, { type: 'number' })} min={1} step={1} inputMode="numeric" />
          </Field>
          <Field label="Year" meta={fields.year}>
            <input {...getInputProps(fields.year, { type: 'number' })} min={1800} step={1} inputMode="numeric" placeholder="2024" />
          </Field>
        </div>
        <PlaceSelects
          fields={{ country: fields.country, state: fields.state, city: fields.city }}
          options={options}
          refreshButton={form.validate.getButtonProps({ name: fields.country.name })}
        />
        <Field label="Description" meta={fields.description}>
          <textarea {...getTextareaProps(fields.description)} rows={6} />
        </Field>
      </section>

      <section className="form-section">
        <h2>Architecture</h2>
        <p className="field-hint">Buildings or spaces of the project and their style (optional).</p>
        <FieldRows
          form={form}
          rows={fields.architecture}
          second={{ key: 'style', label: 'Style' }}
          testId="architecture-rows"
          removeLabel={(index) => `Remove architecture row ${index + 1}`}
          addLabel="+ Add architecture"
        />
      </section>

      <section className="form-section">
        <h2>Team</h2>
        <FieldRows
          form={form}
          rows={fields.teams}
          second={{ key: 'role', label: 'Role', suggestions: DESIGN_TEAM_ROLES }}
          testId="team-rows"
          removeLabel={(index) => `Remove team member ${index + 1}`}
          addLabel="+ Add team member"
          keepOne
        />
      </section>

      <section className="form-section">
        <h2>Images</h2>
        <ImageUpload
          stored={images}
          min={PROJECT_IMAGES_MIN}
          max={PROJECT_IMAGES_MAX}
          maxMessage={IMAGES_MAX_MESSAGE}
          errors={fields.images.errors}
          errorId={fields.images.errorId}
          resetKey={imagesKey}
        />
      </section>

      <div className="form-actions form-actions-sticky">
        <Link to={cancelTo} className="button button-ghost">
          Cancel
        </Link>
        <button type="submit" className="button button-primary" disabled={saving} data-testid="save-project">
          {saving ? (editing ? 'Updating…' : 'Saving…') : editing ? 'Update project' : 'Publish project'}
        </button>
      </div>
    </Form>
  );
}
