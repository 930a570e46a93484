import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { Dialog, keepDataForDialogs, usePopupHref } from '~/components/dialog';
import { Field, FormErrors } from '~/components/field';
import { PanelActions } from '~/components/form-actions';
import { SERVER_VALIDATION, useSaving } from '~/components/form-intents';
import { Toast } from '~/components/toast';
import { PageHeader } from '~/components/workspace/page-header';
import { SidePanel, usePanel } from '~/components/workspace/side-panel';
import { getBoard, listAssignees } from '~/models/tasks.server';
import { listProjects } from '~/models/workspace-projects.server';
import { guarded } from '~/utils/showcase.server';
import { asErrorResponse } from '~/utils/workspace.server';
import filesStyles from '~/styles/workspace-files.css';
import teamStyles from '~/styles/workspace-team.css';
import { TASK_LIMITS, type RejectTaskBody } from '../../../server/contract/tasks';
import { taskboardAction, type KeptTaskFile } from './actions.server';
import { TaskBoard } from './board';
import { TaskForm } from './task-form';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Taskboard') }, { name: 'description', content: 'Tasks given to you and by you, in review and done.' }];
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: filesStyles },
  { rel: 'stylesheet', href: teamStyles },
];

/**
 * The viewer's task board (workspace-and-admin.md screens 9 and 10; DESIGN.md section 9;
 * docs/decisions/111): To Do, Given, In Review, Done. `?panel=new` opens Add Task (on To Do only),
 * `?reject={id}` the reason dialog of a rejection, `?done=` how many finished tasks Done shows
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
    Promise.all([getBoard(request, doneShown(request)), listProjects(request), listAssignees(request)]).catch((error) => {
      throw asErrorResponse(error);
    }),
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
  const rejectId = new URLSearchParams(useLocation().search).get('reject');
  const rejecting = rejectId ? board.review.find((t) => t.id === rejectId && t.can.reject) : undefined;
  const failed = actionData && 'result' in actionData ? actionData : null;
  return (
    <>
      <PageHeader title="Taskboard" description="Tasks given to you and by you, from To Do to Done." />
      <TaskBoard board={board} addHref={panel.href('new')} rejectHref={(id) => popupHref({ reject: id })} moreDoneHref={(done) => popupHref({ done })} />
      {panel.open === 'new' ? (
        <SidePanel title="Add Task" closeTo={panel.closeTo} testId="task-panel">
          <TaskForm projects={projects} employees={employees} lastResult={failed?.intent === 'create' ? failed.result : null} fileDrafts={failed?.intent === 'create' && 'fileDrafts' in failed ? (failed.fileDrafts as KeptTaskFile[]) : []} closeTo={panel.closeTo} />
        </SidePanel>
      ) : null}
      {rejecting ? (
        <RejectDialog id={rejecting.id} what={rejecting.description} closeTo={popupHref(null)} lastResult={failed?.intent === 'reject' ? failed.result : null} />
      ) : null}
      <Toast toast={failed?.toast} />
    </>
  );
}

function RejectDialog({ id, what, closeTo, lastResult }: { id: string; what: string; closeTo: string; lastResult: SubmissionResult<string[]> | null }) {
  const saving = useSaving();
  const [form, fields] = useForm<RejectTaskBody>({ id: `reject-${id}`, lastResult, ...SERVER_VALIDATION });
  return (
    <Dialog title="Reject task" closeTo={closeTo} size="small" testId="reject-dialog">
      <p className="ws-confirm-name">{what}</p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="id" value={id} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="Reason" meta={fields.reason} hint="Sent to the people the task is given to; it goes back to their To Do.">
          <textarea {...getTextareaProps(fields.reason)} rows={3} data-testid="reject-reason-input" />
        </Field>
        <PanelActions cancelTo={closeTo} intent="reject" busy={saving} label="Reject" variant="danger" testId="confirm-reject" />
      </Form>
    </Dialog>
  );
}
