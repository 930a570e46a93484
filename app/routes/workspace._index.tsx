import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requireWorkspaceUser } from '~/utils/guards.server';

/** /workspace itself (the breadcrumb's first crumb) opens the project list. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  throw redirect('/workspace/project');
}
