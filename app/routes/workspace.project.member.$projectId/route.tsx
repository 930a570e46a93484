import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { Avatar } from '~/components/avatar';
import { TableHead } from '~/components/data-table';
import { keepDataForDialogs } from '~/components/dialog';
import { Toast } from '~/components/toast';
import { ConfirmDelete, useConfirm } from '~/components/workspace/confirm-delete';
import { EmptyState } from '~/components/workspace/empty-state';
import { ProjectTabs } from '~/components/workspace/project-tabs';
import { EditDeleteLinks } from '~/components/workspace/row-icon-link';
import { NewPanelLink, SidePanel, usePanel } from '~/components/workspace/side-panel';
import { getProject, listMembers } from '~/models/workspace-projects.server';
import { allContacts } from '~/models/chat-book.server';
import projectStyles from '~/styles/workspace-projects.css';
import { EMPTY_MEMBERS } from '../../../server/contract/workspace-projects-rules';
import type { Member } from '../../../server/contract/workspace-members';
import { membersAction } from './actions.server';
import { MemberForm, PickContactForm } from './member-form';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { required, guarded } from '~/utils/form-action.server';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: pageTitle(matches, data ? `Members of ${data.project.projectName}` : 'Members') }, { name: 'description', content: 'The members of a workspace project.' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: projectStyles }];

/**
 * The members of one project (workspace-and-admin.md screen 6): name, email, edit and delete, an
 * add button; empty text "No Members available". Everyone who works on the project sees the list;
 * the firm and its sub-admins add, edit and delete (`?panel=new`, `?panel=edit&item={id}`,
 * `?confirm={id}`: pages of their own without JavaScript, in place with it).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const projectId = params.projectId ?? '';
  const panelOpen = new URL(request.url).searchParams.get('panel') === 'new';
  const [, [project, members, contacts]] = await guarded(
    requireWorkspaceUser(request),
    required(
      Promise.all([
        getProject(request, projectId),
        listMembers(request, projectId),
        // The Address Book's people with an email, for "Pick from Address Book" (read only when the Add panel is open).
        panelOpen ? allContacts(request).then((list) => list.filter((c) => c.email).map((c) => ({ id: c.id, name: c.name, email: c.email, company: c.company }))) : Promise.resolve([]),
      ]),
    ),
  );
  return json({ project: { id: project.id, projectName: project.projectName, access: project.access }, members, contacts });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  return membersAction(request, params.projectId ?? '');
}

/**
 * Popups open on the loaded data, except Add Member: its "Pick from Address Book" needs the contacts
 * the loader reads only for that panel, so opening it with JavaScript loads them too.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  const opensAdd = (url: URL) => url.searchParams.get('panel') === 'new';
  if (!args.formMethod && opensAdd(args.nextUrl) && !opensAdd(args.currentUrl)) return true;
  return keepDataForDialogs(args);
};

export default function ProjectMembers() {
  const { project, members, contacts } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const panel = usePanel();
  const confirm = useConfirm();
  const canManage = project.access === 'manage';
  const editing = panel.open === 'edit' ? (members.find((m) => m.id === panel.item) ?? null) : null;
  const panelOpen = canManage && (panel.open === 'new' || editing !== null);
  const deleting = canManage && confirm.id ? members.find((m) => m.id === confirm.id) : undefined;
  const saved = actionData && 'result' in actionData ? actionData : null;
  const addButton = canManage ? <NewPanelLink testId="add-member">Add Member</NewPanelLink> : null;

  return (
    <>
      <ProjectTabs project={project} description="The people of this project. An employee of your firm listed here can work on it." actions={addButton} />
      {members.length ? (
        <MemberTable
          members={members}
          editHref={canManage ? (id) => panel.href('edit', id) : null}
          deleteHref={canManage ? (id) => confirm.href(id) : null}
        />
      ) : (
        <EmptyState title={EMPTY_MEMBERS} icon="employee" action={addButton}>
          {canManage ? 'Add the people who work on this project: your employees get access to it.' : null}
        </EmptyState>
      )}
      {panelOpen ? (
        <SidePanel title={editing ? 'Edit Member' : 'Add Member'} closeTo={panel.closeTo} testId="member-panel">
          {editing ? null : <PickContactForm contacts={contacts.filter((c) => !members.some((m) => m.email === c.email))} />}
          <MemberForm key={editing?.id ?? 'new'} member={editing} lastResult={saved?.result} closeTo={panel.closeTo} />
        </SidePanel>
      ) : null}
      {deleting ? <ConfirmDelete what="member" id={deleting.id} name={`${deleting.name} (${deleting.email})`} closeTo={confirm.closeTo} /> : null}
      <Toast toast={saved?.toast} />
    </>
  );
}

function MemberTable({
  members,
  editHref,
  deleteHref,
}: {
  members: Member[];
  editHref: ((id: string) => string) | null;
  deleteHref: ((id: string) => string) | null;
}) {
  return (
    <table className="ws-members" data-testid="members">
      <TableHead columns={['Name', 'Email']} actions rowClassName="ws-members-head" />
      <tbody>
        {members.map((member) => (
          <tr key={member.id} className="ws-member" data-testid="member-row">
            <td className="ws-member-name">
              <Avatar name={member.name} size={32} />
              <span>{member.name}</span>
            </td>
            <td className="ws-member-email">
              <a href={`mailto:${member.email}`}>{member.email}</a>
            </td>
            <td>
              <EditDeleteLinks what="member" name={member.name} editTo={editHref?.(member.id)} deleteTo={deleteHref?.(member.id)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
