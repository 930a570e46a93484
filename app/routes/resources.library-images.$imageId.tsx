import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { streamLibraryImage } from '~/models/summary-output.server';
import { getSession } from '~/utils/session.server';
import { invariantResponse } from '~/utils/invariant.server';
import { SCHEDULE_IMAGE_SIZES, type ScheduleImageSize } from '../../server/contract/schedules-rules';
import { required } from '~/utils/form-action.server';

/**
 * One variant of a Project Library product's image (`?size=480|960|1600`; docs/decisions/150),
 * streamed from the api with the visitor's session, as schedule images are: the api decides who
 * may see it (everyone of the firm); this route only needs a session.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!(await getSession(request)).get('token')) throw redirect('/');
  const size = Number(new URL(request.url).searchParams.get('size') ?? 960);
  invariantResponse((SCHEDULE_IMAGE_SIZES as readonly number[]).includes(size), 'Unknown image size');
  return required(streamLibraryImage(request, params.imageId ?? '', size as ScheduleImageSize));
}
