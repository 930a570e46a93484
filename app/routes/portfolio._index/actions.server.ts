import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '~/utils/form-data.server';
import { json } from '@remix-run/node';
import { redirectWithSuccess } from '~/utils/toast.server';
import { api, ApiError } from '~/utils/api.server';
import { formFailure } from '~/utils/forms.server';
import { updateSessionUser } from '~/utils/session.server';
import { parseUploadForm, TOO_LARGE } from '~/utils/uploads.server';
import type { User } from '../../../server/contract/users';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MESSAGE, UpdateProfileBody } from '../../../server/contract/profile';
import { placeOptions, type PlaceOptions } from '../../../server/services/places';

const PHOTO_TYPES = ['image/jpeg', 'image/png'];

/** The photo field's failure, shown under the photo (the rest of the form keeps its values). */
function photoError(status: number, message: string) {
  return new ApiError(status, message, [{ path: 'photo', message }]);
}

/**
 * The profile edit form (`?dialog=profile`): validates with the api's own schema, sends the photo
 * (with the crop square chosen in the browser, or none: the api keeps the centred square), then
 * the profile, and refreshes the session's user snapshot.
 */
export async function updateProfile(request: Request, user: User) {
  const formData = await parseUploadForm(request, { maxFileBytes: PROFILE_IMAGE_MAX_BYTES, maxFiles: 1 });
  const submission = parseWithZod(formData, { schema: UpdateProfileBody });
  const payload = submission.payload as { country?: string; state?: string };
  const options = placeOptions(payload.country, payload.state);
  // Add/remove team rows and the no-JavaScript place refresh re-render the form.
  if (submission.status === undefined) return json({ result: submission.reply(), options, toast: null });
  if (submission.status !== 'success') return withOptions(formFailure(submission), options);

  const photo = formData.get('photo');
  if (photo === TOO_LARGE) return withOptions(formFailure(submission, { error: photoError(413, 'The photo must be at most 10 MB') }), options);
  if (photo instanceof File) {
    if (!PHOTO_TYPES.includes(photo.type) && !/\.(jpe?g|png)$/i.test(photo.name)) {
      return withOptions(formFailure(submission, { error: photoError(415, PROFILE_IMAGE_MESSAGE) }), options);
    }
    const body = new FormData();
    for (const key of ['x', 'y', 'size']) {
      const value = formData.get(key);
      if (typeof value === 'string' && /^\d+$/.test(value)) body.append(key, value);
    }
    body.append('file', photo, photo.name);
    try {
      await api(request, '/users/profile-image', { method: 'POST', body });
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        return withOptions(formFailure(submission, { error: photoError(error.status, error.message) }), options);
      }
      return withOptions(formFailure(submission, { error }), options);
    }
  }

  try {
    const { data } = await api<{ data: User }>(request, `/users/update-profile/${encodeURIComponent(user.id)}`, {
      method: 'PUT',
      json: submission.value,
    });
    const cookie = await updateSessionUser(request, data);
    return redirectWithSuccess('/portfolio', 'Profile updated successfully', { headers: { 'Set-Cookie': cookie } });
  } catch (error) {
    return withOptions(formFailure(submission, { error }), options);
  }
}

type FailureBody = { result: SubmissionResult<string[]>; toast: { type: 'error'; message: string } | null };

/** formFailure's answer with the place lists of the submitted country and state (the form re-renders with them). */
async function withOptions(response: Response, options: PlaceOptions) {
  const body = (await response.json()) as FailureBody;
  return json({ result: body.result, toast: body.toast, options }, { status: response.status });
}
