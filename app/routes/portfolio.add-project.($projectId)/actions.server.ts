import { json } from '@remix-run/node';
import type { StoredImage } from '~/components/image-upload';
import { createPublicProject, updatePublicProject, uploadProjectImages } from '~/models/projects.server';
import { formFailure } from '~/utils/forms.server';
import { placeFieldErrors, placeOptions } from '~/utils/places.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { fileProblems, parseUploadForm, TOO_MANY } from '~/utils/uploads.server';
import {
  IMAGES_MAX_MESSAGE,
  IMAGES_MIN_MESSAGE,
  PROJECT_IMAGE_MAX_BYTES,
  PROJECT_IMAGES_MAX,
  PROJECT_IMAGES_MIN,
  PublicProjectBody,
} from '../../../server/contract/projects';
import { parseWithZod } from '~/utils/form-data.server';
import { firstDetail, attempt } from '~/utils/form-action.server';

/** The form's fields: the api's body without its gallery (`imageIds`), which the action builds from the images. */
const ProjectForm = PublicProjectBody.omit({ imageIds: true, projectImages: true });
/** Where the api's field details go: its `imageIds` (and `imageIds.N`) are the form's images. */
const FORM_FIELDS = [...Object.keys(ProjectForm.shape), 'images'];

const UPLOAD_FAILED = 'Failed to upload images';

/** The `images` hidden values of the form (stored images), checked: an id and a thumbnail url of ours. */
function parseStored(values: FormDataEntryValue[]): StoredImage[] {
  const images: StoredImage[] = [];
  for (const value of values) {
    try {
      const v = JSON.parse(String(value)) as Partial<StoredImage>;
      if (typeof v.id === 'string' && v.id.length <= 80 && typeof v.thumb === 'string' && v.thumb.startsWith('/uploads/')) {
        images.push({ id: v.id, thumb: v.thumb });
      }
    } catch {
      /* not one of ours: ignored */
    }
  }
  return images;
}

/**
 * Add (no projectId) or edit a public project. New files are passed on to the api one by one as
 * they arrive (streamed to disk, then to POST /api/projects/images; bounded memory, decision 095);
 * the form then refers to them by id, so
 * a form shown again after an error does not upload them again (decision 020). Without JavaScript
 * the add/remove row buttons post here too (conform intents) and the form comes back with the rows.
 */
export async function saveProject(request: Request, projectId: string | undefined) {
  const uploaded: StoredImage[] = [];
  const uploadErrors = new Set<string>();
  const formData = await parseUploadForm(request, {
    maxFileBytes: PROJECT_IMAGE_MAX_BYTES,
    maxFiles: PROJECT_IMAGES_MAX,
    onFile: async (file) => {
      const body = new FormData();
      body.append('files', file, file.name);
      const sent = await attempt(uploadProjectImages(request, body));
      if (sent.ok) uploaded.push(...sent.reply.images.map((i) => ({ id: i.id, thumb: i.w480 })));
      // The api's detail names the file ("big.jpg: File is not a valid image…").
      else uploadErrors.add(sent.error.status < 500 ? firstDetail(sent.error) : UPLOAD_FAILED);
      return undefined;
    },
  });
  for (const problem of fileProblems(formData, 'files')) if (problem.problem === 'too-large') uploadErrors.add(problem.message);
  if (formData.getAll('files').includes(TOO_MANY)) uploadErrors.add(IMAGES_MAX_MESSAGE);
  const removed = new Set(formData.getAll('removeImages').map(String));
  const images = [...parseStored(formData.getAll('images')).filter((i) => !removed.has(i.id)), ...uploaded];

  const submission = parseWithZod(formData, { schema: ProjectForm });
  const payload = submission.payload as { country?: string; state?: string };
  const options = placeOptions(payload.country, payload.state);
  // Row buttons and the place refresh (no JavaScript): the same form again, with any new images kept.
  if (submission.status === undefined) return json({ result: submission.reply(), images, options, toast: null });

  const imageErrors = [...uploadErrors];
  if (images.length < PROJECT_IMAGES_MIN) imageErrors.push(IMAGES_MIN_MESSAGE);
  if (images.length > PROJECT_IMAGES_MAX) imageErrors.push(IMAGES_MAX_MESSAGE);
  const failure = {
    data: { images, options },
    fields: FORM_FIELDS,
    rename: { imageIds: 'images', projectImages: 'images' },
    // Spec, error catalogue: "Failed to save project" / "Failed to update project" when the server fails.
    serverFailure: projectId ? 'Failed to update project' : 'Failed to save project',
  };
  // Every error of the submit at once: the fields', the place rule's and the images'.
  const fieldErrors = { ...placeFieldErrors(submission.payload), ...(imageErrors.length ? { images: imageErrors } : {}) };
  if (submission.status !== 'success' || Object.keys(fieldErrors).length) {
    // Spec, error catalogue: "Failed to upload images" is a toast too (the server failed, not the form).
    return formFailure(submission, { ...failure, fieldErrors, toast: uploadErrors.has(UPLOAD_FAILED) ? UPLOAD_FAILED : undefined });
  }

  const body = { ...submission.value, imageIds: images.map((i) => i.id) };
  // An edit names the version its form was read at (docs/decisions/320); the api refuses one without.
  const sent = await attempt(projectId ? updatePublicProject(request, projectId, { ...body, version: Number(formData.get('version') ?? Number.NaN) }) : createPublicProject(request, body));
  if (!sent.ok) return formFailure(submission, { ...failure, error: sent.error });
  return redirectWithSuccess(`/portfolio/edit-project/${sent.reply.data.id}`, projectId ? 'Project updated successfully' : 'Project added successfully');
}
