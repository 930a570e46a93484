import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { keepDataForDialogs, usePopupHref } from '~/components/dialog';
import { Toast } from '~/components/toast';
import { PageHeader } from '~/components/workspace/page-header';
import { SidePanel, usePanel } from '~/components/workspace/side-panel';
import { getBoard, listAssignees } from '~/models/tasks.server';
import { listProjects } from '~/models/workspace-projects.server';
import { fileSheets, teamSheets } from '~/styles/sheets';
import { TASK_LIMITS } from '../../../server/contract/tasks';
import { RejectDialog, SubmitDialog } from './move-dialogs';
import { taskboardAction, type KeptTaskFile } from './actions.server';
import { TaskBoard } from './board';
import { TaskForm } from './task-form';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { required, guarded } from '~/utils/form-action.server';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Taskboard') }, { name: 'description', content: 'Tasks given to you and by you, in review and done.' }];
export const links: LinksFunction = () => [
  ...fileSheets,
  ...teamSheets,
];

/**
 * The viewer's task board (workspace-and-admin.md screens 9 and 10; DESIGN.md section 9;
 * docs/decisions/111): To Do, Given, In Review, Done. `?panel=new` opens Add Task (on To Do only),
 * `?reject={id}` the reason dialog of a rejection, `?submit={id}` Submit's note and files, `?done=` how many finished tasks Done shows
 * (decision 201).
 */
/** `?done=`: how many finished tasks the Done column shows; anything else is the default. */
function doneShown(request: Request): number | undefined {
  const done = Number(new URL(request.url).searchParams.get('done'));
  return Number.isInteger(done) && done >= 1 ? Math.min(done, TASK_LIMITS.doneMax) : undefined;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [, [board, { projects }, employees]] = await guarded(
    requireWorkspaceUser(request),
    required(Promise.all([getBoard(request, doneShown(request)), listProjects(request), listAssignees(request)])),
  );
  return json({ board, projects: projects.map((p) => ({ id: p.id, projectName: p.projectName })), employees });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  return taskboardAction(request);
}

export const shouldRevalidate = keepDataForDialogs;

export default function Taskboard() {
  const { board, projects, employees } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const panel = usePanel();
  const popupHref = usePopupHref();
  const search = new URLSearchParams(useLocation().search);
  const rejectId = search.get('reject');
  const rejecting = rejectId ? board.review.find((t) => t.id === rejectId && t.can.reject) : undefined;
  const submitId = search.get('submit');
  const submitting = submitId ? board.todo.find((t) => t.id === submitId && t.can.submit) : undefined;
  const failed = actionData && 'result' in actionData ? actionData : null;
  return (
    <>
      <PageHeader title="Taskboard" description="Tasks given to you and by you, from To Do to Done." />
      <TaskBoard board={board} addHref={panel.href('new')} rejectHref={(id) => popupHref({ reject: id })} submitHref={(id) => popupHref({ submit: id })} moreDoneHref={(done) => popupHref({ done })} />
      {panel.open === 'new' ? (
        <SidePanel title="Add Task" closeTo={panel.closeTo} testId="task-panel">
          <TaskForm projects={projects} employees={employees} lastResult={failed?.intent === 'create' ? failed.result : null} fileDrafts={failed?.intent === 'create' && 'fileDrafts' in failed ? (failed.fileDrafts as KeptTaskFile[]) : []} closeTo={panel.closeTo} />
        </SidePanel>
      ) : null}
      {rejecting ? (
        <RejectDialog id={rejecting.id} what={rejecting.description} closeTo={popupHref(null)} lastResult={failed?.intent === 'reject' ? failed.result : null} />
      ) : null}
      {submitting ? (
        <SubmitDialog id={submitting.id} what={submitting.title} closeTo={popupHref(null)} lastResult={failed?.intent === 'submit' ? failed.result : null} />
      ) : null}
      <Toast toast={failed?.toast} />
    </>
  );
}
