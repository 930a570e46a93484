import { parseWithZod } from '~/utils/form-data.server';
import { json } from '@remix-run/node';
import { withDialog } from '~/components/dialog';
import { ApiError } from '~/utils/api.server';
import { formFailure } from '~/utils/forms.server';
import { dispatchIntent } from '~/utils/intent.server';
import { placeFieldErrors, placeOptions } from '~/utils/places.server';
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server';
import { fileProblems, parseUploadForm, TOO_LARGE } from '~/utils/uploads.server';
import { createProject, deleteProject, updateProject } from '~/models/workspace-projects.server';
import { PROJECT_FORM_FIELDS, PROJECT_LIMITS, PROJECT_MESSAGES, PROJECT_PLACE_MESSAGES, WorkspaceProjectForm } from '../../../server/contract/workspace-projects';

export const PROJECTS_PATH = '/workspace/project';

/** The list as the form was posted from (its page and search), without the popup: where an edit or a delete returns. */
export function backToList(request: Request): string {
  const search = withDialog(new URL(request.url).search, null);
  return `${PROJECTS_PATH}${search === '?' ? '' : search}`;
}

const PHOTO = PROJECT_FORM_FIELDS.photo;
const TEXT_FIELDS = Object.values(PROJECT_FORM_FIELDS).filter((name) => name !== PHOTO);

/**
 * The project list's actions: `save` (the Add/Edit side panel; an `id` edits) and `delete` (the
 * confirmation). Without JavaScript the panel's "Show states and cities" button posts the form
 * too (conform's validate intent): it comes back with the lists of the chosen country and state.
 */
export async function projectsAction(request: Request) {
  const formData = await parseUploadForm(request, { maxFileBytes: PROJECT_LIMITS.photoBytes, maxFiles: 2 });
  // The no-JavaScript place refresh is conform's validate button: it carries no intent of ours.
  if (!formData.has('intent') && formData.has('__intent__')) return saveProject(request, formData);
  return dispatchIntent(formData, {
    save: (data) => saveProject(request, data),
    delete: (data) => removeProject(request, data),
  });
}

/** The multipart body of the api call: the form's own fields as sent (the api checks them again) and the photo. */
function apiForm(formData: FormData, photo: File | null): FormData {
  const body = new FormData();
  for (const name of TEXT_FIELDS) for (const value of formData.getAll(name)) if (typeof value === 'string') body.append(name, value);
  if (photo) body.append(PHOTO, photo, photo.name);
  return body;
}

async function saveProject(request: Request, formData: FormData) {
  const id = formData.get('id');
  const editing = typeof id === 'string' && id !== '' ? id : null;
  const submission = parseWithZod(formData, { schema: WorkspaceProjectForm });
  const payload = submission.payload as { country?: string; state?: string };
  const photoValue = formData.get(PHOTO);
  const photo = photoValue instanceof File ? photoValue : null;
  // Without JavaScript a file cannot come back with the form: the panel asks for it again.
  const data = { options: placeOptions(payload.country, payload.state), photoSent: photo !== null };

  if (submission.status === undefined) return json({ ...data, intent: 'save', result: submission.reply(), toast: null });

  const photoErrors: string[] = [];
  // The message names the file ("site.jpg is larger than 15 MB").
  if (photoValue === TOO_LARGE) photoErrors.push(fileProblems(formData, PHOTO)[0]?.message ?? PROJECT_MESSAGES.photoTooLarge);
  else if (!photo && !editing) photoErrors.push(PROJECT_MESSAGES.photoRequired);
  // The one place rule of every form (decision 157), with the other errors of the submit.
  const fieldErrors: Record<string, string[]> = { ...placeFieldErrors(submission.payload, PROJECT_PLACE_MESSAGES), ...(photoErrors.length ? { [PHOTO]: photoErrors } : {}) };
  if (submission.status !== 'success' || Object.keys(fieldErrors).length) return formFailure(submission, { intent: 'save', fieldErrors, data });

  try {
    const body = apiForm(formData, photo);
    if (editing) await updateProject(request, editing, body);
    else await createProject(request, body);
  } catch (error) {
    // Spec, error catalogue: "Failed to save project" / "Failed to update project" when the server fails.
    const serverFailure = editing ? PROJECT_MESSAGES.updateFailed : PROJECT_MESSAGES.saveFailed;
    return formFailure(submission, { error, intent: 'save', fields: [...TEXT_FIELDS, PHOTO], serverFailure, data });
  }
  // A new project is the newest: page 1 shows it; an edited one keeps its place.
  return redirectWithSuccess(editing ? backToList(request) : PROJECTS_PATH, editing ? 'Project updated successfully' : 'Project created successfully');
}

async function removeProject(request: Request, formData: FormData) {
  const id = String(formData.get('id') ?? '');
  try {
    await deleteProject(request, id);
  } catch (error) {
    // Spec: a failed delete shows the server's message.
    if (error instanceof ApiError) return redirectWithError(backToList(request), error.message);
    throw error;
  }
  // Back to the same page (the last one when it was the last card of it: the loader shows the last page).
  return redirectWithSuccess(backToList(request), 'Project deleted successfully');
}
