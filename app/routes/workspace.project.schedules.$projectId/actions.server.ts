import type { Submission } from '@conform-to/react';
import { json } from '@remix-run/node';
import type { StoredImage } from '~/components/image-upload';
import type { ToastData } from '~/components/toast';
import {
  createSchedule,
  deleteSchedule,
  getSchedules,
  toWebImage,
  updateSchedule,
  uploadScheduleImages,
} from '~/models/workspace-schedules.server';
import { ApiError } from '~/utils/api.server';
import { attempt, redirectAfter } from '~/utils/form-action.server';
import { parseWithZod } from '~/utils/form-data.server';
import { failureReply, type FormFailureOptions } from '~/utils/forms.server';
import { dispatchIntent } from '~/utils/intent.server';
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server';
import { fileProblems, parseUploadForm, TOO_MANY } from '~/utils/uploads.server';
import {
  CreateScheduleBody,
  SCHEDULE_IMAGE_ID,
  SCHEDULE_IMAGE_MAX_BYTES,
  SCHEDULE_IMAGES_MAX,
  SCHEDULE_MESSAGES,
} from '../../../server/contract/schedules';
import { VersionField, withVersion } from '../../../server/contract/http';
import { staleMessage } from '~/utils/stale';
import { DEFAULT_TIME_ZONE } from '../../../server/contract/dates';

/**
 * The schedules page's forms (workspace-and-admin.md screen 3), told apart by `intent`:
 * - `create`: the add panel (title, description, images);
 * - `update`: a card's Edit form (without JavaScript, or its Edit link): title, description, a new image;
 * - `edit-field`: an inline edit (double-click with JavaScript) of the title or the description;
 * - `replace-image`: a new image for a card (double-click its image with JavaScript);
 * - `delete`: the confirmation's Delete button.
 * New files are passed on to the api as they arrive (bounded memory) and referred to by id after,
 * so a form shown again after an error does not upload them again. Failures come back with the
 * spec's messages (section 8) as toasts: the api's message for a refusal, the catalogue's text
 * when the server failed.
 */

const ScheduleFields = CreateScheduleBody.pick({ title: true, description: true });
/** A card's Edit form: its fields and the version they were read at (docs/decisions/320). */
const ScheduleEdit = withVersion(ScheduleFields);
const FIELDS = ['title', 'description', 'images', 'image'];

export const schedulesPath = (projectId: string) => `/workspace/project/schedules/${encodeURIComponent(projectId)}`;

const errorToast = (message: string): ToastData => ({ type: 'error', message });

/** The api's message for a refusal (4xx), or the spec's text when the server failed. */
const failureMessage = (error: ApiError, serverFailure: string) => (error.status >= 400 && error.status < 500 ? error.message : serverFailure);

type PostedForm = Awaited<ReturnType<typeof readForm>>;

/** Reads the posted form, uploading its files to the api on the way (see the top of this file). */
async function readForm(request: Request, projectId: string) {
  const uploaded: StoredImage[] = [];
  const uploadErrors = new Set<string>();
  const formData = await parseUploadForm(request, {
    maxFileBytes: SCHEDULE_IMAGE_MAX_BYTES,
    maxFiles: SCHEDULE_IMAGES_MAX,
    onFile: async (file) => {
      const body = new FormData();
      body.append('files', file, file.name);
      const sent = await attempt(uploadScheduleImages(request, projectId, body));
      if (sent.ok) uploaded.push(...sent.reply.images.map((image) => ({ id: image.id, thumb: toWebImage(projectId, image).w480 })));
      else uploadErrors.add(failureMessage(sent.error, SCHEDULE_MESSAGES.uploadFailed));
      return undefined;
    },
  });
  // A file over its size is named ("plan.png is larger than 15 MB"); files past ten, the spec's limit.
  for (const problem of fileProblems(formData, 'files')) if (problem.problem === 'too-large') uploadErrors.add(problem.message);
  if (formData.getAll('files').includes(TOO_MANY)) uploadErrors.add(SCHEDULE_MESSAGES.imagesMax);
  return { formData, uploaded, uploadErrors: [...uploadErrors] };
}

/**
 * A form shown again with its errors (`intent` and `id` say which form), the images it holds and a
 * toast: the api's failure, or the first upload error (spec: "Failed to upload image").
 */
function formAnswer(
  submission: Submission<unknown>,
  form: { intent: 'create' | 'update'; id: string | null; images?: StoredImage[]; uploadErrors?: string[] },
  options: FormFailureOptions,
) {
  const { result, toast, status, stale } = failureReply(submission, { fields: FIELDS, ...options });
  const uploadToast = form.uploadErrors?.length ? errorToast(form.uploadErrors[0]!) : null;
  return json({ intent: form.intent, id: form.id, result, images: form.images ?? [], toast: toast ?? uploadToast, stale }, { status });
}

/** The add form's images uploaded by an earlier submission (its hidden `images` values), minus those ticked for removal; only ids of ours. */
function keptImages(formData: FormData, projectId: string): StoredImage[] {
  const removed = new Set(formData.getAll('removeImages').map(String));
  const kept: StoredImage[] = [];
  for (const value of formData.getAll('images')) {
    try {
      const id = (JSON.parse(String(value)) as { id?: unknown }).id;
      if (typeof id === 'string' && SCHEDULE_IMAGE_ID.test(id) && !removed.has(id)) {
        kept.push({ id, thumb: toWebImage(projectId, { id, width: 0, height: 0 }).w480 });
      }
    } catch {
      /* not one of ours: ignored */
    }
  }
  return kept;
}

/**
 * The schedule's images with `imageId` as its new cover (first) image in place of the old one,
 * read again from the api just before the change; null when the schedule is gone.
 */
async function withNewCover(request: Request, projectId: string, id: string, imageId: string): Promise<{ images: string[]; version: number } | null> {
  const { data } = await getSchedules(request, projectId);
  const schedule = data.schedules.find((s) => s.id === id);
  if (!schedule) return null;
  const current = schedule.images.map((image) => image.id);
  return { images: [imageId, ...current.slice(1)], version: schedule.version };
}

async function create(request: Request, projectId: string, { formData, uploaded, uploadErrors }: PostedForm) {
  const submission = parseWithZod(formData, { schema: ScheduleFields });
  const images = [...keptImages(formData, projectId), ...uploaded];
  const imageErrors = [...uploadErrors];
  if (images.length > SCHEDULE_IMAGES_MAX) imageErrors.push(SCHEDULE_MESSAGES.imagesMax);
  const form = { intent: 'create' as const, id: null, images, uploadErrors };
  if (submission.status !== 'success' || imageErrors.length) {
    return formAnswer(submission, form, { fieldErrors: imageErrors.length ? { images: imageErrors } : {} });
  }
  const sent = await attempt(createSchedule(request, { projectId, ...submission.value, schedulesFiles: images.map((i) => i.id) }));
  if (!sent.ok) return formAnswer(submission, form, { error: sent.error, rename: { schedulesFiles: 'images' }, serverFailure: SCHEDULE_MESSAGES.createFailed });
  // Spec, error catalogue: the schedule was saved but its data did not come back.
  if (!sent.reply?.data?.id) return redirectWithError(schedulesPath(projectId), SCHEDULE_MESSAGES.createdWithoutData);
  return redirectWithSuccess(schedulesPath(projectId), SCHEDULE_MESSAGES.created);
}

/** A card's title and description, and `cover` as its new cover image; a schedule gone is a 404 as the api's. */
async function saveCard(request: Request, projectId: string, id: string, fields: { title: string; description: string; version: number }, cover?: StoredImage) {
  const next = cover ? await withNewCover(request, projectId, id, cover.id) : undefined;
  if (next === null) throw new ApiError(404, SCHEDULE_MESSAGES.notFound);
  // The texts carry the version the form was read at: a card changed meanwhile answers 409 whatever the images.
  await updateSchedule(request, id, { ...fields, ...(next ? { schedulesFiles: next.images } : {}) });
}

/** A card's Edit form: title and description, and a new cover image when one is chosen. */
async function update(request: Request, projectId: string, { formData, uploaded, uploadErrors }: PostedForm) {
  const id = String(formData.get('id') ?? '');
  const submission = parseWithZod(formData, { schema: ScheduleEdit });
  const form = { intent: 'update' as const, id, uploadErrors };
  if (submission.status !== 'success' || uploadErrors.length) {
    return formAnswer(submission, form, { fieldErrors: uploadErrors.length ? { image: uploadErrors } : {} });
  }
  const sent = await attempt(saveCard(request, projectId, id, submission.value, uploaded[0]));
  if (!sent.ok) return formAnswer(submission, form, { error: sent.error, rename: { schedulesFiles: 'image' }, serverFailure: SCHEDULE_MESSAGES.updateFailed });
  return redirectWithSuccess(schedulesPath(projectId), SCHEDULE_MESSAGES.updated);
}

/** What an inline change (a fetcher) answers: whether it was saved, and the toast to show. */
const inlineAnswer = (ok: boolean, toast: ToastData | null, status = ok ? 200 : 400) => json({ ok, toast }, { status });
const inlineFailure = (error: ApiError, serverFailure: string) => {
  // Someone changed the card first (docs/decisions/320): the toast says who and when, and the card shows their values once the page reloads its data.
  const message = error.stale ? staleMessage(error.stale, error.timeZone ?? DEFAULT_TIME_ZONE, new Date(), 'inline') : failureMessage(error, serverFailure);
  return inlineAnswer(false, errorToast(message), error.status >= 400 && error.status < 500 ? error.status : 400);
};

/** An inline edit of the title or the description; a blank value never gets here (the card cancels it). */
async function editField(request: Request, { formData }: PostedForm) {
  const id = String(formData.get('id') ?? '');
  const field = formData.get('field');
  const value = formData.get('value');
  if ((field !== 'title' && field !== 'description') || typeof value !== 'string') return inlineAnswer(false, errorToast(SCHEDULE_MESSAGES.updateFailed));
  const parsed = ScheduleFields.shape[field].safeParse(value);
  if (!parsed.success) return inlineAnswer(false, errorToast(parsed.error.issues[0]?.message ?? SCHEDULE_MESSAGES.updateFailed));
  const version = VersionField.safeParse(Number(formData.get('version')));
  if (!version.success) return inlineAnswer(false, errorToast(version.error.issues[0]?.message ?? SCHEDULE_MESSAGES.updateFailed));
  const sent = await attempt(updateSchedule(request, id, { [field]: parsed.data, version: version.data }));
  return sent.ok ? inlineAnswer(true, null) : inlineFailure(sent.error, SCHEDULE_MESSAGES.updateFailed);
}

/** A new cover image for a card (double-click its image). */
async function replaceImage(request: Request, projectId: string, { formData, uploaded, uploadErrors }: PostedForm) {
  const id = String(formData.get('id') ?? '');
  if (uploadErrors.length) return inlineAnswer(false, errorToast(uploadErrors[0]!));
  if (!uploaded[0]) return inlineAnswer(false, errorToast(SCHEDULE_MESSAGES.imagesRequiredToUpload));
  const cover = await attempt(withNewCover(request, projectId, id, uploaded[0].id));
  if (!cover.ok) return inlineFailure(cover.error, SCHEDULE_MESSAGES.imageUpdateFailed);
  if (!cover.reply) return inlineAnswer(false, errorToast(SCHEDULE_MESSAGES.notFound), 404);
  // The images were read just now and only the cover changes, so the change names the version of that read.
  const sent = await attempt(updateSchedule(request, id, { schedulesFiles: cover.reply.images, version: cover.reply.version }));
  return sent.ok ? inlineAnswer(true, { type: 'success', message: SCHEDULE_MESSAGES.imageUpdated }) : inlineFailure(sent.error, SCHEDULE_MESSAGES.imageUpdateFailed);
}

async function remove(request: Request, projectId: string, { formData }: PostedForm) {
  return redirectAfter(deleteSchedule(request, String(formData.get('id') ?? '')), schedulesPath(projectId), SCHEDULE_MESSAGES.deleted, {
    message: (error) => failureMessage(error, SCHEDULE_MESSAGES.deleteFailed),
  });
}

/** The page's action: one handler per intent (an unknown one answers 400). */
export async function schedulesAction(request: Request, projectId: string) {
  const form = await readForm(request, projectId);
  type Answer = Awaited<ReturnType<typeof create | typeof update | typeof editField | typeof replaceImage | typeof remove>>;
  return dispatchIntent<Answer>(form.formData, {
    create: () => create(request, projectId, form),
    update: () => update(request, projectId, form),
    'edit-field': () => editField(request, form),
    'replace-image': () => replaceImage(request, projectId, form),
    delete: () => remove(request, projectId, form),
  });
}
