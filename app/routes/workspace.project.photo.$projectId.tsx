import type { LoaderFunctionArgs } from '@remix-run/node';
import { projectPhotoResponse } from '~/models/workspace-projects.server';

/**
 * A workspace project's private photo (`?size=480|960|1600&v=`), streamed from the api with the
 * visitor's session: never a public /uploads url. Cached by the browser only (`private`).
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => projectPhotoResponse(request, params.projectId ?? '');
