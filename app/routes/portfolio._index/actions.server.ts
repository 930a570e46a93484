import { json } from '@remix-run/node';
import { updateProfile as updateProfileCall, uploadProfileImage } from '~/models/users.server';
import { ApiError } from '~/utils/api.server';
import { formFailure } from '~/utils/forms.server';
import { attempt } from '~/utils/form-action.server';
import { placeFieldErrors, placeOptions } from '~/utils/places.server';
import { updateSessionUser } from '~/utils/session.server';
import { redirectWithSuccess } from '~/utils/toast.server';
import { fileProblems, TOO_LARGE } from '~/utils/uploads.server';
import type { User } from '../../../server/contract/users';
import { PROFILE_IMAGE_MESSAGE, UpdateProfileBody } from '../../../server/contract/profile';
import { UPLOAD_RULES } from '../../../server/contract/upload-rules';
import { parseWithZod } from '~/utils/form-data.server';

const PHOTO_TYPES = ['image/jpeg', 'image/png'];

/** The photo field's failure, shown under the photo (the rest of the form keeps its values). */
function photoError(status: number, message: string) {
  return new ApiError(status, message, [{ path: 'photo', message }]);
}

/**
 * The profile edit form (`?dialog=profile`), parsed by the route's action: validates with the api's own schema, sends the photo
 * (with the crop square chosen in the browser, or none: the api keeps the centred square), then
 * the profile, and refreshes the session's user snapshot.
 */
export async function updateProfile(request: Request, user: Pick<User, 'id'>, formData: FormData) {
  const submission = parseWithZod(formData, { schema: UpdateProfileBody });
  const payload = submission.payload as { country?: string; state?: string };
  const options = placeOptions(payload.country, payload.state);
  // Add/remove team rows and the no-JavaScript place refresh re-render the form.
  if (submission.status === undefined) return json({ result: submission.reply(), options, toast: null });
  // The form comes back with the place lists of the submitted country and state.
  const placeErrors = placeFieldErrors(submission.payload);
  const photo = formData.get('photo');
  // A photo refused by its size or type is said with every other error of the submit.
  const photoProblem =
    photo === TOO_LARGE
      ? (fileProblems(formData, 'photo')[0]?.message ?? UPLOAD_RULES.profilePhoto.tooLargeMessage)
      : photo instanceof File && !PHOTO_TYPES.includes(photo.type) && !/\.(jpe?g|png)$/i.test(photo.name)
        ? PROFILE_IMAGE_MESSAGE
        : null;
  const fieldErrors = photoProblem ? { ...placeErrors, photo: [photoProblem] } : placeErrors;
  const fail = (error?: unknown) => formFailure(submission, { error, data: { options }, fieldErrors });
  if (submission.status !== 'success' || Object.keys(fieldErrors).length) return fail();

  if (photo instanceof File) {
    const body = new FormData();
    for (const key of ['x', 'y', 'size']) {
      const value = formData.get(key);
      if (typeof value === 'string' && /^\d+$/.test(value)) body.append(key, value);
    }
    body.append('file', photo, photo.name);
    const uploaded = await attempt(uploadProfileImage(request, body));
    if (!uploaded.ok) return fail(uploaded.error.status < 500 ? photoError(uploaded.error.status, uploaded.error.message) : uploaded.error);
  }

  const sent = await attempt(updateProfileCall(request, user.id, submission.value));
  if (!sent.ok) return fail(sent.error);
  const cookie = await updateSessionUser(request, sent.reply.data);
  return redirectWithSuccess('/portfolio', 'Profile updated successfully', { headers: { 'Set-Cookie': cookie } });
}
