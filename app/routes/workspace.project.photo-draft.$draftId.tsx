import type { LoaderFunctionArgs } from '@remix-run/node';
import { photoDraftResponse } from '~/models/workspace-projects.server';

/** The preview of a photo kept for a project form sent back with errors (decision 217), to its uploader alone. */
export const loader = ({ request, params }: LoaderFunctionArgs) => photoDraftResponse(request, params.draftId ?? '');
