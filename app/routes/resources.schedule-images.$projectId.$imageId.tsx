import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { streamScheduleImage } from '~/models/workspace-schedules.server';
import { getSession } from '~/utils/session.server';
import { invariantResponse } from '~/utils/invariant.server';
import { SCHEDULE_IMAGE_SIZES, type ScheduleImageSize } from '../../server/contract/schedules-rules';
import { required } from '~/utils/form-action.server';

/**
 * One variant of a private schedule image (`?size=480|960|1600`), streamed from the api with the
 * visitor's session (DESIGN.md section 3: never a public url). The api decides who may see it (a
 * firm, its sub-admins, its member employees); this route's guard is only that a session exists,
 * so a gallery of images does not cost a /users/me call per image.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!(await getSession(request)).get('token')) throw redirect('/');
  const size = Number(new URL(request.url).searchParams.get('size') ?? 960);
  invariantResponse((SCHEDULE_IMAGE_SIZES as readonly number[]).includes(size), 'Unknown image size');
  return required(streamScheduleImage(request, params.projectId ?? '', params.imageId ?? '', size as ScheduleImageSize));
}
