import { parseWithZod } from '@conform-to/zod/v4';
import { json } from '@remix-run/node';
import { redirectWithError, redirectWithSuccess } from 'remix-toast';
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
import { parseUploadForm, TOO_LARGE, TOO_MANY } from '~/utils/uploads.server';
import {
  CreateScheduleBody,
  SCHEDULE_IMAGE_ID,
  SCHEDULE_IMAGE_MAX_BYTES,
  SCHEDULE_IMAGES_MAX,
  SCHEDULE_MESSAGES,
} from '../../../server/contract/schedules';

/**
 * The schedules page's forms (workspace-and-admin.md screen 3), told apart by `intent`:
 * - `create`: the add panel (title, description, images);
 * - `update`: the Edit form (no JavaScript, or the Edit link): title, description, a new image;
 * - `edit-field`: an inline edit (double-click with JavaScript): one of title or description;
 * - `replace-image`: a new image for the card (double-click its image with JavaScript);
 * - `delete`: the confirmation's Delete button.
 * New files are passed on to the api as they arrive (bounded memory) and referred to by id after,
 * so a form shown again after an error does not upload them again. Failures come back with the
 * spec's messages (section 8): the api's message for a refusal, the catalogue's text otherwise.
 */

const ScheduleFields = CreateScheduleBody.pick({ title: true, description: true });

export const schedulesPath = (projectId: string) => `/workspace/project/schedules/${encodeURIComponent(projectId)}`;

const errorToast = (message: string): ToastData => ({ type: 'error', message });

/** The api's message for a refusal (4xx), or the spec's text when the server failed. */
const failure = (error: ApiError, fallback: string) => (error.status >= 400 && error.status < 500 ? error.message : fallback);
const statusOf = (error: ApiError) => (error.status >= 400 && error.status < 500 ? error.status : 400);

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
      try {
        const reply = await uploadScheduleImages(request, projectId, body);
        uploaded.push(...reply.images.map((image) => ({ id: image.id, thumb: toWebImage(projectId, image).w480 })));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        uploadErrors.add(failure(error, SCHEDULE_MESSAGES.uploadFailed));
      }
      return undefined;
    },
  });
  const files = formData.getAll('files');
  if (files.includes(TOO_LARGE)) uploadErrors.add(SCHEDULE_MESSAGES.imageTooLarge);
  if (files.includes(TOO_MANY)) uploadErrors.add(SCHEDULE_MESSAGES.imagesMax);
  return { formData, uploaded, uploadErrors: [...uploadErrors] };
}

/** The add form's images already uploaded (its hidden `images` values), minus those ticked for removal; only ids of ours. */
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

/** The image ids of a schedule now, read again from the api (its cover is about to be replaced). */
async function currentImageIds(request: Request, projectId: string, id: string): Promise<string[] | null> {
  const { data } = await getSchedules(request, projectId);
  return data.schedules.find((s) => s.id === id)?.images.map((image) => image.id) ?? null;
}

/** The schedule's images with `imageId` as its new cover (first) image in place of the old one. */
const withCover = (imageIds: string[], imageId: string) => [imageId, ...imageIds.slice(1)];

async function create(request: Request, projectId: string, { formData, uploaded, uploadErrors }: PostedForm) {
  const submission = parseWithZod(formData, { schema: ScheduleFields });
  const images = [...keptImages(formData, projectId), ...uploaded];
  const imageErrors = [...uploadErrors];
  if (images.length > SCHEDULE_IMAGES_MAX) imageErrors.push(SCHEDULE_MESSAGES.imagesMax);
  const answer = (fieldErrors: Record<string, string[]>, formErrors: string[], status: number, toast: ToastData | null) =>
    json({ intent: 'create' as const, id: null, result: submission.reply({ fieldErrors, formErrors }), images, toast }, { status });
  if (submission.status !== 'success' || imageErrors.length) {
    return answer(imageErrors.length ? { images: imageErrors } : {}, [], 400, uploadErrors.length ? errorToast(uploadErrors[0]!) : null);
  }
  try {
    const reply = await createSchedule(request, { projectId, ...submission.value, schedulesFiles: images.map((i) => i.id) });
    if (!reply?.data?.id) return redirectWithError(schedulesPath(projectId), SCHEDULE_MESSAGES.createdWithoutData);
    return redirectWithSuccess(schedulesPath(projectId), SCHEDULE_MESSAGES.created);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const message = failure(error, SCHEDULE_MESSAGES.createFailed);
    const fieldErrors: Record<string, string[]> = {};
    for (const d of error.details) {
      const field = d.path.startsWith('schedulesFiles') ? 'images' : d.path;
      if (['images', 'title', 'description'].includes(field)) (fieldErrors[field] ??= []).push(d.message);
    }
    return answer(fieldErrors, Object.keys(fieldErrors).length ? [] : [message], statusOf(error), errorToast(message));
  }
}

/** The Edit form: title and description, and a new cover image when one is chosen. */
async function update(request: Request, projectId: string, { formData, uploaded, uploadErrors }: PostedForm) {
  const id = String(formData.get('id') ?? '');
  const submission = parseWithZod(formData, { schema: ScheduleFields });
  const answer = (fieldErrors: Record<string, string[]>, formErrors: string[], status: number, toast: ToastData | null) =>
    json({ intent: 'update' as const, id, result: submission.reply({ fieldErrors, formErrors }), images: [] as StoredImage[], toast }, { status });
  if (submission.status !== 'success' || uploadErrors.length) {
    return answer(uploadErrors.length ? { image: uploadErrors } : {}, [], 400, uploadErrors.length ? errorToast(uploadErrors[0]!) : null);
  }
  try {
    let schedulesFiles: string[] | undefined;
    if (uploaded[0]) {
      const current = await currentImageIds(request, projectId, id);
      if (!current) return answer({}, [SCHEDULE_MESSAGES.notFound], 404, errorToast(SCHEDULE_MESSAGES.notFound));
      schedulesFiles = withCover(current, uploaded[0].id);
    }
    await updateSchedule(request, id, { ...submission.value, ...(schedulesFiles ? { schedulesFiles } : {}) });
    return redirectWithSuccess(schedulesPath(projectId), SCHEDULE_MESSAGES.updated);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const message = failure(error, SCHEDULE_MESSAGES.updateFailed);
    return answer({}, [message], statusOf(error), errorToast(message));
  }
}

/** What an inline change (a fetcher) answers: whether it was saved, and the toast to show. */
const inlineAnswer = (ok: boolean, toast: ToastData | null, status = ok ? 200 : 400) => json({ ok, toast }, { status });

/** An inline edit of the title or the description; a blank value never gets here (the card cancels it). */
async function editField(request: Request, { formData }: PostedForm) {
  const id = String(formData.get('id') ?? '');
  const field = formData.get('field');
  const value = formData.get('value');
  if ((field !== 'title' && field !== 'description') || typeof value !== 'string') {
    return inlineAnswer(false, errorToast(SCHEDULE_MESSAGES.updateFailed));
  }
  const parsed = ScheduleFields.shape[field].safeParse(value);
  if (!parsed.success) return inlineAnswer(false, errorToast(parsed.error.issues[0]?.message ?? SCHEDULE_MESSAGES.updateFailed));
  try {
    await updateSchedule(request, id, { [field]: parsed.data });
    return inlineAnswer(true, null);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return inlineAnswer(false, errorToast(failure(error, SCHEDULE_MESSAGES.updateFailed)), statusOf(error));
  }
}

/** A new cover image for a card (double-click its image). */
async function replaceImage(request: Request, projectId: string, { formData, uploaded, uploadErrors }: PostedForm) {
  const id = String(formData.get('id') ?? '');
  if (uploadErrors.length) return inlineAnswer(false, errorToast(uploadErrors[0]!));
  if (!uploaded[0]) return inlineAnswer(false, errorToast(SCHEDULE_MESSAGES.imagesRequiredToUpload));
  try {
    const current = await currentImageIds(request, projectId, id);
    if (!current) return inlineAnswer(false, errorToast(SCHEDULE_MESSAGES.notFound), 404);
    await updateSchedule(request, id, { schedulesFiles: withCover(current, uploaded[0].id) });
    return inlineAnswer(true, { type: 'success', message: SCHEDULE_MESSAGES.imageUpdated });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return inlineAnswer(false, errorToast(failure(error, SCHEDULE_MESSAGES.imageUpdateFailed)), statusOf(error));
  }
}

async function remove(request: Request, projectId: string, { formData }: PostedForm) {
  try {
    await deleteSchedule(request, String(formData.get('id') ?? ''));
    return redirectWithSuccess(schedulesPath(projectId), SCHEDULE_MESSAGES.deleted);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return redirectWithError(schedulesPath(projectId), failure(error, SCHEDULE_MESSAGES.deleteFailed));
  }
}

/** The page's action: one handler per intent; an intent the page does not have answers 400. */
export async function schedulesAction(request: Request, projectId: string) {
  const form = await readForm(request, projectId);
  switch (form.formData.get('intent')) {
    case 'create':
      return create(request, projectId, form);
    case 'update':
      return update(request, projectId, form);
    case 'edit-field':
      return editField(request, form);
    case 'replace-image':
      return replaceImage(request, projectId, form);
    case 'delete':
      return remove(request, projectId, form);
    default:
      throw json({ message: 'Unknown action' }, { status: 400 });
  }
}
