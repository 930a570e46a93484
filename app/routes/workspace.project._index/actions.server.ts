import { parseWithZod } from '~/utils/form-data.server';
import { json } from '@remix-run/node';
import { withDialog } from '~/components/dialog';
import { ApiError } from '~/utils/api.server';
import { formFailure } from '~/utils/forms.server';
import { attempt, optional, redirectAfter } from '~/utils/form-action.server';
import { allContacts } from '~/models/chat-book.server';
import { contactDetailsText, contactNamed } from '../../../server/contract/address-book-rules';
import { dispatchIntent } from '~/utils/intent.server';
import { placeFieldErrors, placeOptions } from '~/utils/places.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { fileProblems, parseUploadForm, TOO_LARGE } from '~/utils/uploads.server';
import { createProject, deleteProject, keepProjectPhoto, photoDraftPath, updateProject, type PhotoDraft } from '~/models/workspace-projects.server';
import { isId } from '../../../server/contract/http';
import { PROJECT_FORM_FIELDS, PROJECT_LIMITS, PROJECT_MESSAGES, PROJECT_PLACE_MESSAGES, WorkspaceProjectForm } from '../../../server/contract/workspace-projects';

export const PROJECTS_PATH = '/workspace/project';

/** The list as the form was posted from (its page and search), without the popup: where an edit or a delete returns. */
export function backToList(request: Request): string {
  const search = withDialog(new URL(request.url).search, null);
  return `${PROJECTS_PATH}${search === '?' ? '' : search}`;
}

const PHOTO = PROJECT_FORM_FIELDS.photo;
const TEXT_FIELDS = Object.values(PROJECT_FORM_FIELDS).filter((name) => name !== PHOTO && name !== PROJECT_FORM_FIELDS.photoDraft);

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

/** The multipart body of the api call: the form's own fields as sent (the api checks them again) and the kept photo. */
function apiForm(formData: FormData, draft: PhotoDraft | null, editing: boolean): FormData {
  const body = new FormData();
  for (const name of TEXT_FIELDS) for (const value of formData.getAll(name)) if (typeof value === 'string') body.append(name, value);
  if (draft) body.append(PROJECT_FORM_FIELDS.photoDraft, draft.id);
  // An edit names the version its form was read at (docs/decisions/320); the api requires it.
  const version = formData.get('version');
  if (editing && typeof version === 'string') body.append('version', version);
  return body;
}

/**
 * The photo of a submit (decision 217): a file just chosen is kept first as a draft, so that a form
 * sent back for any reason (an error, the no-JavaScript place refresh) still holds it; without a
 * new file, the draft the form already held. `problem` says why a chosen file could not be kept:
 * the web's own message, or the api's answer (shown on the field and as a toast, as a save's are).
 */
async function photoOfSubmit(request: Request, formData: FormData): Promise<{ draft: PhotoDraft | null; problem: string | ApiError | null }> {
  const value = formData.get(PHOTO);
  // The message names the file ("site.jpg is larger than 15 MB").
  if (value === TOO_LARGE) return { draft: null, problem: fileProblems(formData, PHOTO)[0]?.message ?? PROJECT_MESSAGES.photoTooLarge };
  if (value instanceof File) {
    const kept = await attempt(keepProjectPhoto(request, value));
    return kept.ok ? { draft: kept.reply, problem: null } : { draft: null, problem: kept.error };
  }
  const kept = formData.get(PROJECT_FORM_FIELDS.photoDraft);
  return { draft: typeof kept === 'string' && isId(kept) ? { id: kept, preview: photoDraftPath(kept) } : null, problem: null };
}

/**
 * Client details left empty for a client picked from the Address Book are its particulars there
 * (decision 384): nobody types again what the Address Book already holds.
 */
async function fillClientDetails(request: Request, formData: FormData) {
  const name = formData.get(PROJECT_FORM_FIELDS.clientName);
  const details = formData.get(PROJECT_FORM_FIELDS.clientDetails);
  if (typeof name !== 'string' || !name.trim() || (typeof details === 'string' && details.trim())) return;
  const contact = contactNamed((await optional(allContacts(request))).reply ?? [], name);
  const text = contact ? contactDetailsText(contact, PROJECT_LIMITS.clientDetails) : '';
  if (text) formData.set(PROJECT_FORM_FIELDS.clientDetails, text);
}

async function saveProject(request: Request, formData: FormData) {
  await fillClientDetails(request, formData);
  const id = formData.get('id');
  const editing = typeof id === 'string' && id !== '' ? id : null;
  const submission = parseWithZod(formData, { schema: WorkspaceProjectForm });
  const payload = submission.payload as { country?: string; state?: string };
  const photo = await photoOfSubmit(request, formData);
  const data = { options: placeOptions(payload.country, payload.state), photoDraft: photo.draft };

  if (submission.status === undefined) return json({ ...data, intent: 'save', result: submission.reply(), toast: null });

  const photoErrors = typeof photo.problem === 'string' ? [photo.problem] : !photo.problem && !photo.draft && !editing ? [PROJECT_MESSAGES.photoRequired] : [];
  // The one place rule of every form (decision 157), with the other errors of the submit.
  const fieldErrors: Record<string, string[]> = { ...placeFieldErrors(submission.payload, PROJECT_PLACE_MESSAGES), ...(photoErrors.length ? { [PHOTO]: photoErrors } : {}) };
  if (submission.status !== 'success' || Object.keys(fieldErrors).length || photo.problem) {
    const error = photo.problem instanceof ApiError ? photo.problem : undefined;
    return formFailure(submission, { intent: 'save', fieldErrors, data, error, fields: [...TEXT_FIELDS, PHOTO], serverFailure: PROJECT_MESSAGES.uploadFailed });
  }

  const body = apiForm(formData, photo.draft, editing !== null);
  const sent = await attempt(editing ? updateProject(request, editing, body) : createProject(request, body));
  if (!sent.ok) {
    const { error } = sent;
    // Spec, error catalogue: "Failed to save project" / "Failed to update project" when the server fails.
    const serverFailure = editing ? PROJECT_MESSAGES.updateFailed : PROJECT_MESSAGES.saveFailed;
    // A draft the api no longer holds (expired, or taken) is not offered again.
    const draftGone = error.details.some((d) => d.path === PHOTO);
    return formFailure(submission, { error, intent: 'save', fields: [...TEXT_FIELDS, PHOTO], serverFailure, data: draftGone ? { ...data, photoDraft: null } : data });
  }
  // A new project is the newest: page 1 shows it; an edited one keeps its place.
  return redirectWithSuccess(editing ? backToList(request) : PROJECTS_PATH, editing ? 'Project updated successfully' : 'Project created successfully');
}

async function removeProject(request: Request, formData: FormData) {
  // Back to the same page (the last one when it was the last card of it: the loader shows the last page);
  // a refused delete shows the server's message (spec), a failed one what did not happen.
  return redirectAfter(deleteProject(request, String(formData.get('id') ?? '')), backToList(request), 'Project deleted successfully', { serverFailure: 'Failed to delete project' });
}
