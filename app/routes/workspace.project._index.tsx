import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { EmptyState } from '~/components/workspace/empty-state';
import { PageHeader } from '~/components/workspace/page-header';
import { requireWorkspaceUser } from '~/utils/workspace.server';

export const meta: MetaFunction = () => [{ title: 'Projects — Archivista' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  return json(null);
}

/** The firm's private projects (workspace-and-admin.md, screen 1). */
export default function Projects() {
  return (
    <>
      <PageHeader title="Projects" description="Your firm's private projects, with their files, schedules and members." />
      <EmptyState title="No projects available" />
    </>
  );
}
