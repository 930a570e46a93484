import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { NumCell, TableHead, TableScroll } from '~/components/data-table';
import { Field, FormErrors } from '~/components/field';
import { SERVER_VALIDATION } from '~/components/form-intents';
import { entryStatus } from '~/components/time/entry-status';
import { RunningTimer } from '~/components/time/timer-card';
import { WeekNav } from '~/components/time/week-nav';
import { Toast } from '~/components/toast';
import { ProjectTabs } from '~/components/workspace/project-tabs';
import { getProjectTime } from '~/models/time.server';
import { required } from '~/utils/form-action.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { pageTitle } from '~/utils/product';
import outputStyles from '~/styles/summary-output.css';
import ordersStyles from '~/styles/purchase-orders.css';
import timeStyles from '~/styles/time.css';
import { addDays, formatCalendarDay } from '../../../server/contract/dates';
import { formatPaise } from '../../../server/contract/money-text';
import { formatMinutes, GROUP_BY, GROUP_BY_LABELS, type ProjectTimeReply, type TimeEntry } from '../../../server/contract/time';
import { timeAction } from './actions.server';
import { timePath } from './paths';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: outputStyles },
  { rel: 'stylesheet', href: ordersStyles },
  { rel: 'stylesheet', href: timeStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `Time — ${data.project.projectName}` : 'Time') },
  { name: 'description', content: "A project's time: record it by day or with a timer, see the week, and bill approved time." },
];

type Data = ProjectTimeReply['data'];

/**
 * A project's time (docs/decisions/373): a week of entries, a form to record time by day and hours
 * (the no-JavaScript way), the person's timer, and for those who see financials the approved time
 * ready to bill. Every form posts; an entry is edited in a panel that is an address (`?entry={id}`).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const week = new URL(request.url).searchParams.get('week') ?? undefined;
  return json(await required(getProjectTime(request, params.projectId ?? '', week)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  return timeAction(request, params.projectId ?? '');
}

function useFailure(intent: string) {
  const data = useActionData<typeof action>() as { intent?: string; result?: SubmissionResult<string[]>; toast?: { type: 'error'; message: string } } | undefined;
  return data && data.intent === intent ? data : undefined;
}

function RefSelects({ data, stageId, taskId, prefix }: { data: Data; stageId: string | null; taskId: string | null; prefix: string }) {
  return (
    <>
      {data.stages.length ? (
        <div className="field">
          <label htmlFor={`${prefix}-stage`}>Stage</label>
          <select id={`${prefix}-stage`} name="stageId" defaultValue={stageId ?? ''}>
            <option value="">No stage</option>
            {data.stages.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {data.tasks.length ? (
        <div className="field">
          <label htmlFor={`${prefix}-task`}>Task</label>
          <select id={`${prefix}-task`} name="taskId" defaultValue={taskId ?? ''}>
            <option value="">No task</option>
            {data.tasks.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </>
  );
}

function EntryForm({ data, entry }: { data: Data; entry: TimeEntry | null }) {
  const intent = entry ? 'change' : 'record';
  const failed = useFailure(intent);
  const [form, fields] = useForm({ id: entry ? `time-${entry.id}` : 'time-new', lastResult: failed?.result, ...SERVER_VALIDATION });
  return (
    <Form method="post" {...getFormProps(form)} aria-label={entry ? 'Change the time entry' : 'Record time'} data-testid="time-form" className="time-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="week" value={data.week} />
      {entry ? (
        <>
          <input type="hidden" name="entryId" value={entry.id} />
          <input type="hidden" name="version" value={entry.version} />
        </>
      ) : null}
      <Field label="Day" meta={fields.workDate}>
        <input type="date" name={fields.workDate.name} id={fields.workDate.id} defaultValue={entry?.workDate ?? (data.today <= addDays(data.week, 6) ? data.today : data.week)} max={data.today} />
      </Field>
      <Field label="Time (1:30 or 1.5 hours)" meta={fields.hours}>
        <input name={fields.hours.name} id={fields.hours.id} defaultValue={entry ? formatMinutes(entry.minutes) : ''} inputMode="decimal" autoComplete="off" />
      </Field>
      <RefSelects data={data} stageId={entry?.stageId ?? null} taskId={entry?.taskId ?? null} prefix={entry ? 'edit' : 'new'} />
      <div className="field">
        <label>
          <input type="checkbox" name="billable" defaultChecked={entry?.billable ?? true} /> Billable
        </label>
      </div>
      <Field label="Note (optional)" meta={fields.note}>
        <input name={fields.note.name} id={fields.note.id} defaultValue={entry?.note ?? ''} maxLength={300} />
      </Field>
      <button type="submit" name="intent" value={intent} className="button button-primary">
        {entry ? 'Save entry' : 'Record time'}
      </button>
      {entry ? (
        <Link to={timePath(data.project.id, data.week)} className="button button-secondary">
          Cancel
        </Link>
      ) : null}
      <Toast toast={failed?.toast} />
    </Form>
  );
}

function TimerStart({ data }: { data: Data }) {
  const failed = useFailure('start');
  return (
    <Form method="post" aria-label="Start a timer" className="time-form" data-testid="timer-form">
      <input type="hidden" name="week" value={data.week} />
      <RefSelects data={data} stageId={null} taskId={null} prefix="timer" />
      <div className="field">
        <label>
          <input type="checkbox" name="billable" defaultChecked /> Billable
        </label>
      </div>
      <div className="field">
        <label htmlFor="timer-note">Note (optional)</label>
        <input id="timer-note" name="note" maxLength={300} />
      </div>
      <button type="submit" name="intent" value="start" className="button button-secondary" data-testid="start-timer">
        Start timer
      </button>
      <Toast toast={failed?.toast} />
    </Form>
  );
}

function Entries({ data }: { data: Data }) {
  const total = data.entries.reduce((sum, e) => sum + e.minutes, 0);
  if (!data.entries.length) return <p className="po-note">No time recorded on this project in this week.</p>;
  return (
    <TableScroll label="Time this week">
      <table className="so-table" data-testid="time-entries">
        <TableHead columns={['Day', ...(data.canManage ? ['Person'] : []), 'On', { label: 'Hours', className: 'num' }, 'Billable', 'Note', 'Status']} actions />
        <tbody>
          {data.entries.map((e) => (
            <tr key={e.id} data-testid="time-entry">
              <td data-label="Day">{formatCalendarDay(e.workDate)}</td>
              {data.canManage ? <td data-label="Person">{e.person}</td> : null}
              <td data-label="On">{[e.stageName, e.taskTitle].filter(Boolean).join(' · ') || '—'}</td>
              <NumCell label="Hours">{formatMinutes(e.minutes)}</NumCell>
              <td data-label="Billable">{e.billable ? 'Yes' : 'No'}</td>
              <td data-label="Note">{e.note}</td>
              <td data-label="Status">{entryStatus(e)}</td>
              <td>
                {!e.approved && !e.billed && e.userId === data.viewerId ? (
                  <Form method="post" className="po-choose">
                    <input type="hidden" name="week" value={data.week} />
                    <input type="hidden" name="entryId" value={e.id} />
                    <Link to={`${timePath(data.project.id, data.week)}&entry=${encodeURIComponent(e.id)}`} className="button button-secondary" aria-label={`Edit the entry of ${formatCalendarDay(e.workDate)}`}>
                      Edit
                    </Link>
                    <button type="submit" name="intent" value="remove" className="button button-secondary" aria-label={`Remove the entry of ${formatCalendarDay(e.workDate)}`}>
                      Remove
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={data.canManage ? 3 : 2}>
              Week
            </th>
            <NumCell label="Hours">{formatMinutes(total)}</NumCell>
            <td colSpan={4} />
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}

function Billing({ data }: { data: Data }) {
  const billing = data.billing;
  if (!billing) return null;
  return (
    <section className="po-card" aria-labelledby="time-billing-title" data-testid="time-billing">
      <h2 id="time-billing-title">Approved time to bill</h2>
      <p>
        Billed so far {formatPaise(billing.billedAmount)} before GST{billing.cap !== null ? ` of a cap of ${formatPaise(billing.cap)}` : ''}.
      </p>
      {billing.capWarning ? (
        <p className="po-note time-warning" role="status" data-testid="cap-warning">
          {billing.capWarning}
        </p>
      ) : null}
      {billing.ready.length ? (
        <>
          <TableScroll label="Approved time to bill">
            <table className="so-table" data-testid="time-ready">
              <TableHead columns={['Person', { label: 'Hours', className: 'num' }, { label: 'Rate an hour', className: 'num' }, { label: 'Amount', className: 'num' }]} />
              <tbody>
                {billing.ready.map((r) => (
                  <tr key={`${r.userId}:${r.rate ?? ''}`}>
                    <td data-label="Person">{r.person}</td>
                    <NumCell label="Hours">{formatMinutes(r.minutes)}</NumCell>
                    <NumCell label="Rate an hour">{r.rate === null ? 'No rate' : formatPaise(r.rate)}</NumCell>
                    <NumCell label="Amount">{r.amount === null ? '—' : formatPaise(r.amount)}</NumCell>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <NumCell label="Hours">{formatMinutes(billing.readyMinutes)}</NumCell>
                  <td />
                  <NumCell label="Amount">{formatPaise(billing.readyAmount)}</NumCell>
                </tr>
              </tfoot>
            </table>
          </TableScroll>
          <Form method="post" className="time-form" aria-label="Bill the approved time">
            <input type="hidden" name="week" value={data.week} />
            <fieldset className="field">
              <legend>Lines</legend>
              {GROUP_BY.map((g, i) => (
                <label key={g}>
                  <input type="radio" name="groupBy" value={g} defaultChecked={i === 0} /> {GROUP_BY_LABELS[g]}
                </label>
              ))}
            </fieldset>
            <div className="field">
              <label htmlFor="bill-client">Client</label>
              <select id="bill-client" name="contactId" defaultValue={billing.contactId ?? ''}>
                <option value="">Choose a client</option>
                {billing.clients.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            {billing.cap !== null ? (
              <div className="field">
                <label>
                  <input type="checkbox" name="aboveCap" /> Bill above the cap
                </label>
              </div>
            ) : null}
            <button type="submit" name="intent" value="bill" className="button button-primary" data-testid="bill-time">
              Draft the time invoice
            </button>
          </Form>
        </>
      ) : (
        <p className="po-note">No approved billable time is waiting. Weeks are approved on the <Link to="/workspace/timesheet">Timesheet</Link>.</p>
      )}
    </section>
  );
}

export default function ProjectTime() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const editing = data.entries.find((e) => e.id === params.get('entry') && !e.approved && !e.billed) ?? null;
  const timerHere = data.timer;
  return (
    <>
      <ProjectTabs project={data.project} description="Time spent on this project, by day, person and stage." />
      <div className="po-page">
        <WeekNav week={data.week} today={data.today} href={(w) => timePath(data.project.id, w)} />
        <section className="po-card" aria-labelledby="time-record-title">
          <h2 id="time-record-title">{editing ? 'Change the entry' : 'Record time'}</h2>
          {data.approvedWeek && !editing ? <p className="po-note">Your time of this week is approved: record it in another week, or ask the firm to reopen this one.</p> : null}
          <EntryForm key={editing?.id ?? 'new'} data={data} entry={editing} />
          <h3>Timer</h3>
          {timerHere ? <RunningTimer timer={timerHere} week={data.week} /> : <TimerStart data={data} />}
        </section>
        <section className="po-card" aria-labelledby="time-week-title">
          <h2 id="time-week-title">{data.canManage ? 'Everyone’s time this week' : 'Your time this week'}</h2>
          <Entries data={data} />
        </section>
        <Billing data={data} />
      </div>
    </>
  );
}
