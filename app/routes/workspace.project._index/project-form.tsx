import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { ErrorList, Field, FormErrors } from '~/components/field';
import { StaleValues, VersionField, type ShownValue, type WithStale } from '~/components/record-version';
import { PanelActions, saveLabels } from '~/components/form-actions';
import { SERVER_VALIDATION, useSaving } from '~/components/form-intents';
import { PlaceSelects, type PlaceOptionLists } from '~/components/place-selects';
import { ProjectTypeOptions } from '~/components/project-type-select';
import { PhotoInput } from '~/components/workspace/photo-input';
import { Suggestions } from '~/components/suggestions';
import type { PhotoDraft, WebProject } from '~/models/workspace-projects.server';
import type { WorkspaceProjectFormInput } from '../../../server/contract/workspace-projects';
import { PROJECT_FORM_FIELDS } from '../../../server/contract/workspace-projects-rules';
import { DESIGN_TEAM_ROLES } from '../../../server/contract/vocabulary';

type ProjectFields = WorkspaceProjectFormInput & { profileImage?: File };

/** The form's values for a project being edited (the spec's field names), or empty ones for a new project. */
function defaultsOf(project: WebProject | null): WorkspaceProjectFormInput {
  if (!project) return { designTeam: [] };
  return {
    projectName: project.projectName,
    projecttype: project.projectType,
    pincode: project.area === null ? '' : String(project.area),
    country: project.country ?? '',
    state: project.state ?? '',
    city: project.city ?? '',
    designTeam: project.designTeam,
    clientname: project.clientName ?? '',
    clientdetails: project.clientDetails ?? '',
    address: project.address ?? '',
  };
}

/**
 * The Add/Edit Project side panel's form (workspace-and-admin.md screen 2): one photo, project
 * name, type, area, country, state, city, design team, client name, client details, address. The
 * button reads Confirm (Update when editing), and Creating... / Updating... while saving.
 */
/** A project's fields as the form labels them, shown as they now are after a stale save (docs/decisions/320). */
const PROJECT_SHOWN: ShownValue[] = [
  { key: 'projectName', label: 'Project name' },
  { key: 'projectTypeLabel', label: 'Project type' },
  { key: 'area', label: 'Project area' },
  { key: 'country', label: 'Country' },
  { key: 'state', label: 'State' },
  { key: 'city', label: 'City' },
  { key: 'designTeam', label: 'Design team', show: (team) => (Array.isArray(team) ? team.join(', ') : '—') },
  { key: 'clientName', label: 'Client name' },
  { key: 'clientDetails', label: 'Client details' },
  { key: 'address', label: 'Address' },
];

export function ProjectForm({
  project,
  lastResult,
  actionData,
  options,
  photoDraft,
  closeTo,
  clients = [],
}: {
  /** The project edited, or null for a new one. */
  project: WebProject | null;
  lastResult?: SubmissionResult<string[]> | null;
  /** The action's answer (after a stale save, the project's current values). */
  actionData?: WithStale;
  options: PlaceOptionLists;
  /** The photo of the last submission, kept by the api while the form came back (decision 217). */
  photoDraft: PhotoDraft | null;
  closeTo: string;
  /** Names from the Address Book the client name may be picked from (a datalist: works without JavaScript). */
  clients?: string[];
}) {
  const saving = useSaving();
  const editing = project !== null;
  const [form, fields] = useForm<ProjectFields>({
    id: editing ? `project-form-${project.id}` : 'project-form-new',
    lastResult,
    defaultValue: defaultsOf(project),
    ...SERVER_VALIDATION,
  });
  const photoHint = photoDraft
    ? 'Kept from your last try. Choose another photo to replace it.'
    : editing
      ? 'Choose a new photo to replace this one.'
      : undefined;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="ws-project-form" data-testid="project-form">
      {editing ? <input type="hidden" name="id" value={project.id} /> : null}
      {editing ? <VersionField read={project.version} actionData={actionData} /> : null}
      {photoDraft ? <input type="hidden" name={PROJECT_FORM_FIELDS.photoDraft} value={photoDraft.id} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      {editing ? <StaleValues actionData={actionData} fields={PROJECT_SHOWN} id={`${form.id}-stale`} /> : null}
      <PhotoInput
        id={fields.profileImage.id}
        name={fields.profileImage.name}
        label="Project photo"
        current={photoDraft?.preview ?? project?.photo?.w960}
        errors={fields.profileImage.errors}
        errorId={fields.profileImage.errorId}
        hint={photoHint}
      />
      <Field label="Project name" meta={fields.projectName}>
        <input {...getInputProps(fields.projectName, { type: 'text' })} />
      </Field>
      <Field label="Project type" meta={fields.projecttype}>
        <select {...getSelectProps(fields.projecttype)}>
          <ProjectTypeOptions />
        </select>
      </Field>
      <Field label="Project area" meta={fields.pincode} className="ws-area-field">
        <input {...getInputProps(fields.pincode, { type: 'text' })} inputMode="numeric" autoComplete="off" />
      </Field>
      <PlaceSelects
        fields={{ country: fields.country, state: fields.state, city: fields.city }}
        options={options}
        refreshButton={form.validate.getButtonProps({ name: fields.country.name })}
      />
      <fieldset className="ws-check-group" aria-describedby={fields.designTeam.errors?.length ? fields.designTeam.errorId : undefined}>
        <legend>Design team</legend>
        <div className="ws-check-options">
          {getCollectionProps(fields.designTeam, { type: 'checkbox', options: [...DESIGN_TEAM_ROLES] }).map((props) => (
            <label key={props.key} className="ws-check">
              <input {...props} key={undefined} />
              <span>{props.value}</span>
            </label>
          ))}
        </div>
        <ErrorList id={fields.designTeam.errorId} errors={fields.designTeam.errors} />
      </fieldset>
      <Field label="Client name" meta={fields.clientname}>
        <input {...getInputProps(fields.clientname, { type: 'text' })} list={clients.length ? 'address-book-clients' : undefined} />
        {clients.length ? (
          <Suggestions id="address-book-clients" options={clients} testId="client-choices" />
        ) : null}
      </Field>
      <Field label="Client details" meta={fields.clientdetails} hint={clients.length ? 'Left empty for a client from the Address Book: its phone, email and address there.' : undefined}>
        <textarea {...getTextareaProps(fields.clientdetails)} rows={3} />
      </Field>
      <Field label="Address" meta={fields.address}>
        <textarea {...getTextareaProps(fields.address)} rows={2} />
      </Field>
      <PanelActions cancelTo={closeTo} intent="save" busy={saving} {...saveLabels(editing)} testId="save-project" sidePanel />
    </Form>
  );
}
