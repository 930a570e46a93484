import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useLocation, type ShouldRevalidateFunction } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { keepDataForDialogs } from '~/components/dialog';
import { Icon } from '~/components/icon';
import { Toast } from '~/components/toast';
import { ACTION_ICONS } from '~/components/workspace/action-icons';
import { ConfirmDelete, useConfirm } from '~/components/workspace/confirm-delete';
import { EmptyState } from '~/components/workspace/empty-state';
import { ProjectTabs } from '~/components/workspace/project-tabs';
import { SidePanel, usePanel } from '~/components/workspace/side-panel';
import { getSchedules, toWebImage } from '~/models/workspace-schedules.server';
import { listInvoices } from '~/models/invoices.server';
import { InvoiceTable } from '~/components/invoices/invoice-table';
import outputStyles from '~/styles/summary-output.css';
import invoiceStyles from '~/styles/invoices.css';
import schedulesStyles from '~/styles/workspace-schedules.css';
import { SCHEDULE_MESSAGES } from '../../../server/contract/schedules-rules';
import { schedulesAction } from './actions.server';
import { ScheduleCard, type ScheduleCardData } from './schedule-card';
import { AddScheduleForm, EditScheduleForm } from './schedule-forms';
import { pageTitle } from '~/utils/product';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { required, optional } from '~/utils/form-action.server';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: schedulesStyles },
  { rel: 'stylesheet', href: outputStyles },
  { rel: 'stylesheet', href: invoiceStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? pageTitle(matches, `Schedules — ${data.project.projectName}`) : pageTitle(matches, 'Schedules') },
  { name: 'description', content: 'The schedules of a workspace project.' },
];

/** The page of one schedule: until the summary editor (the next issue), its read-only view. */
export const scheduleHref = (projectId: string, scheduleId: string) =>
  `/workspace/project/schedules/summary-financial/${encodeURIComponent(projectId)}?schedule=${encodeURIComponent(scheduleId)}`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const { data } = await required(getSchedules(request, params.projectId ?? ''));
  const schedules: ScheduleCardData[] = data.schedules.map((s) => ({
    id: s.id,
    title: s.title,
    description: s.description,
    createdAt: s.createdAt,
    cover: s.images[0] ? toWebImage(data.project.id, s.images[0]) : null,
    imageCount: s.images.length,
    version: s.version,
  }));
  // The project's invoices, for those who bill (the firm and its sub-admins; docs/decisions/280).
  // Anyone else gets the api's 403: no invoices section for them.
  const { reply: invoices } = await optional(listInvoices(request, { projectId: data.project.id }));
  return json({ project: data.project, schedules, invoices });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  return required(schedulesAction(request, params.projectId ?? ''));
}

/**
 * Opening the add panel, a confirmation or a card's Edit form changes only the URL's popup
 * parameters: the list stays as loaded. Every post reloads it (an inline edit saved).
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  if (args.formMethod && args.formMethod !== 'GET') return args.defaultShouldRevalidate;
  const withoutEdit = (url: URL) => {
    const copy = new URL(url);
    copy.searchParams.delete('edit');
    return copy;
  };
  return keepDataForDialogs({ ...args, currentUrl: withoutEdit(args.currentUrl), nextUrl: withoutEdit(args.nextUrl) });
};

/** A project's schedules (workspace-and-admin.md screen 3). */
export default function Schedules() {
  const { project, schedules, invoices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const panel = usePanel();
  const confirm = useConfirm();
  const { pathname, search } = useLocation();
  // `?edit={id}` opens a card's Edit form; any other popup closes it.
  const editId = new URLSearchParams(search).get('edit');
  const confirming = confirm.id ? schedules.find((s) => s.id === confirm.id) : undefined;
  const formReply = actionData && 'result' in actionData ? actionData : undefined;

  const addButton = (
    <Link to={panel.href('add')} replace preventScrollReset className="button button-primary" data-testid="add-schedule">
      <Icon d={ACTION_ICONS.add} size={18} />
      Add schedule
    </Link>
  );

  return (
    <>
      <ProjectTabs
        project={project}
        description={hydrated && schedules.length ? 'Double-click a title, a description or an image to change it.' : 'The schedules of this project: finishes, fittings and notes, with their pictures.'}
        actions={addButton}
      />
      {schedules.length ? (
        <div className="sch-grid" data-testid="schedule-list">
          {schedules.map((schedule) => (
            <ScheduleCard
              key={schedule.id}
              schedule={schedule}
              openHref={scheduleHref(project.id, schedule.id)}
              editHref={`${pathname}?edit=${schedule.id}`}
              deleteHref={confirm.href(schedule.id)}
              editForm={
                editId === schedule.id ? (
                  <EditScheduleForm
                    id={schedule.id}
                    defaults={schedule}
                    lastResult={formReply?.intent === 'update' && formReply.id === schedule.id ? formReply.result : undefined}
                    actionData={formReply?.intent === 'update' && formReply.id === schedule.id ? formReply : undefined}
                    cancelTo={pathname}
                  />
                ) : undefined
              }
            />
          ))}
        </div>
      ) : (
        <EmptyState title={SCHEDULE_MESSAGES.empty} icon="calendar" action={addButton}>
          A schedule gathers the drawings, finishes and notes of one part of the project. Add the first one.
        </EmptyState>
      )}

      {invoices ? (
        <section className="so-board-section" aria-labelledby="project-invoices" data-testid="project-invoices">
          <h2 id="project-invoices">Invoices</h2>
          {invoices.length ? <InvoiceTable invoices={invoices} showProject={false} /> : <p className="so-none">No invoices for this project yet.</p>}
          <p>
            <Link to={`/workspace/invoices/new?project=${encodeURIComponent(project.id)}`} className="button button-secondary">
              New invoice for this project
            </Link>
          </p>
        </section>
      ) : null}

      {panel.open === 'add' ? (
        <SidePanel title="Add schedule" closeTo={panel.closeTo} testId="schedule-panel">
          <AddScheduleForm
            lastResult={formReply?.intent === 'create' ? formReply.result : undefined}
            images={formReply?.intent === 'create' ? formReply.images : []}
            imagesKey={formReply}
            cancelTo={panel.closeTo}
          />
        </SidePanel>
      ) : null}

      {confirming ? <ConfirmDelete what="schedule" id={confirming.id} name={confirming.title} closeTo={confirm.closeTo} /> : null}
      <Toast toast={formReply?.toast} />
    </>
  );
}
