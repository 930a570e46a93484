import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { WorkspaceIcon } from '~/components/workspace/icons';
import { EmptyState } from '~/components/workspace/empty-state';
import { PageHeader } from '~/components/workspace/page-header';
import { getUnreadCounts } from '~/models/chat-book.server';
import { chatPagePath } from '~/models/chat-paths';
import { listProjects } from '~/models/workspace-projects.server';
import { chatBookSheets } from '~/styles/sheets';
import { unreadLabel } from '../../server/contract/chat-rules';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { required, optional, guarded } from '~/utils/form-action.server';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Group Chat') }, { name: 'description', content: 'The group chats of your projects.' }];
export const links: LinksFunction = () => chatBookSheets;

/**
 * Group Chat: one thread per project the viewer works on; this page lists them
 * with the viewer's unread messages of each (docs/decisions/172; one api call, one statement).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [, [{ projects }, unread]] = await guarded(
    requireWorkspaceUser(request),
    Promise.all([
      required(listProjects(request)),
      // The counts are a help: the list shows without them when they fail.
      optional(getUnreadCounts(request)).then(({ reply }): Record<string, number> => reply ?? {}),
    ]),
  );
  return json({ projects: projects.map((p) => ({ id: p.id, projectName: p.projectName, city: p.city, photo: p.photo?.w480 ?? null, unread: unread[p.id] ?? 0 })) });
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
              <Link to={chatPagePath(project.id)} className={`cb-thread ${project.unread ? 'cb-thread-unread' : ''}`} data-testid="chat-thread">
                {project.photo ? <img src={project.photo} alt="" width={56} height={42} loading="lazy" /> : <span className="cb-thread-icon"><WorkspaceIcon name="chat" size={22} /></span>}
                <span className="cb-thread-text">
                  <span className="cb-thread-name">{project.projectName}</span>
                  <span className="cb-thread-city">{project.city}</span>
                </span>
                {project.unread ? (
                  <span className="cb-unread" data-testid="chat-unread">
                    {unreadLabel(project.unread)}
                    <span className="visually-hidden"> unread {project.unread === 1 ? 'message' : 'messages'}</span>
                  </span>
                ) : null}
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
