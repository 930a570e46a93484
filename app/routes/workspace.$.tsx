import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { requireWorkspaceUser } from '~/utils/guards.server';

/**
 * Any /workspace path no page answers: a 404 that the workspace layout's error boundary renders
 * inside the shell. Signed-out visitors and explorers are redirected first, so the answer tells
 * them nothing about which workspace pages exist.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  throw json({ message: 'Not found' }, { status: 404 });
}

// A route without a component: the error renders in the layout's boundary.
export default function NotFound() {
  return null;
}
