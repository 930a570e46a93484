import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { WorkspaceIcon } from '~/components/workspace/icons';
import { EmptyState } from '~/components/workspace/empty-state';
import { PageHeader } from '~/components/workspace/page-header';
import { chatPagePath } from '~/models/chat-book.server';
import { listProjects } from '~/models/workspace-projects.server';
import { guarded } from '~/utils/showcase.server';
import { asErrorResponse, requireWorkspaceUser } from '~/utils/workspace.server';
import chatBookStyles from '~/styles/workspace-chat-book.css';

export const meta: MetaFunction = () => [{ title: 'Group Chat — Archivista' }, { name: 'description', content: 'The group chats of your projects.' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: chatBookStyles }];

/** Group Chat (issue 12 item 5): one thread per project the viewer works on; this page lists them. */
export async function loader({ request }: LoaderFunctionArgs) {
  const [, { projects }] = await guarded(
    requireWorkspaceUser(request),
    listProjects(request).catch((error) => {
      throw asErrorResponse(error);
    }),
  );
  return json({ projects: projects.map((p) => ({ id: p.id, projectName: p.projectName, city: p.city, photo: p.photo?.w480 ?? null })) });
}

export default function GroupChatIndex() {
  const { projects } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Group Chat" description="One conversation per project, with its members and the firm." />
      {projects.length ? (
        <ul className="cb-threads" data-testid="chat-threads">
          {projects.map((project) => (
            <li key={project.id}>
              <Link to={chatPagePath(project.id)} className="cb-thread" data-testid="chat-thread">
                {project.photo ? <img src={project.photo} alt="" width={56} height={42} loading="lazy" /> : <span className="cb-thread-icon"><WorkspaceIcon name="chat" size={22} /></span>}
                <span>
                  <span className="cb-thread-name">{project.projectName}</span>
                  <span className="cb-thread-city">{project.city}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="No projects to chat about" icon="chat">
          A project's chat appears here once you work on it.
        </EmptyState>
      )}
    </>
  );
}
