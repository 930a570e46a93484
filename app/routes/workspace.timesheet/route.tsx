import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { NumCell, TableHead, TableScroll } from '~/components/data-table';
import { entryStatus } from '~/components/time/entry-status';
import { RunningTimer } from '~/components/time/timer-card';
import { WeekNav } from '~/components/time/week-nav';
import { PageHeader } from '~/components/workspace/page-header';
import { approveWeek, getTimesheet, reopenWeek, saveRates, stopTimer } from '~/models/time.server';
import { readFormData } from '~/utils/form-data.server';
import { redirectAfter, required } from '~/utils/form-action.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { dispatchIntent } from '~/utils/intent.server';
import { pageTitle } from '~/utils/product';
import { redirectWithError } from '~/utils/toast.server';
import ordersStyles from '~/styles/purchase-orders.css';
import outputStyles from '~/styles/summary-output.css';
import timeStyles from '~/styles/time.css';
import { formatCalendarDay, formatDateTime, isRealDay } from '../../../server/contract/dates';
import { isId } from '../../../server/contract/http-rules';
import { formatPaise, paiseToDecimal } from '../../../server/contract/money-text';
import { addDays, formatMinutes, RatesForm } from '../../../server/contract/time';
import { timePath } from '../workspace.project.time.$projectId/paths';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: outputStyles },
  { rel: 'stylesheet', href: ordersStyles },
  { rel: 'stylesheet', href: timeStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? `Timesheet — ${data.person.name}` : 'Timesheet') },
  { name: 'description', content: "A person's week of time across projects; the firm approves it there." },
];

function sheetPath(week: string, userId?: string) {
  const query = new URLSearchParams({ ...(week ? { week } : {}), ...(userId ? { userId } : {}) }).toString();
  return `/workspace/timesheet${query ? `?${query}` : ''}`;
}
const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * A person's weekly timesheet (docs/decisions/373): one's own for everyone; the firm and its
 * sub-admins pick a person, approve or reopen the week, and, seeing financials, set the person's
 * rates. Every form posts and redirects back to the same week and person.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const url = new URL(request.url);
  return json(await required(getTimesheet(request, { week: url.searchParams.get('week') ?? undefined, userId: url.searchParams.get('userId') ?? undefined })));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  const formData = await readFormData(request);
  const week = String(formData.get('week') ?? '');
  const userId = String(formData.get('userId') ?? '');
  // The way back keeps only a real week and id: a posted one is never echoed into a header unchecked.
  const here = sheetPath(isRealDay(week) ? week : '', isId(userId) ? userId : undefined);
  return dispatchIntent(formData, {
    approve: () => redirectAfter(approveWeek(request, { userId, week }), here, (r) => r.message),
    reopen: () => redirectAfter(reopenWeek(request, { userId, week }), here, (r) => r.message),
    stop: () => redirectAfter(stopTimer(request), here, (r) => r.message),
    rates: (f) => {
      const parsed = RatesForm.safeParse(Object.fromEntries(f));
      if (!parsed.success) return redirectWithError(here, parsed.error.issues[0]?.message ?? 'Enter the rates');
      return redirectAfter(saveRates(request, userId, { costRate: parsed.data.costRate, billRate: parsed.data.billRate }), here, (r) => r.message);
    },
  });
}

export default function Timesheet() {
  const data = useLoaderData<typeof loader>();
  const others = data.people.length > 1;
  return (
    <>
      <PageHeader title="Timesheet" description={`${data.person.name}’s time, Monday to Sunday, across projects.`} />
      <div className="po-page">
        <WeekNav week={data.week} today={data.today} href={(w) => sheetPath(w, others ? data.person.id : undefined)} />
        {others ? (
          <Form method="get" className="time-person" aria-label="Choose a person">
            <input type="hidden" name="week" value={data.week} />
            <div className="field">
              <label htmlFor="sheet-person">Person</label>
              <select id="sheet-person" name="userId" defaultValue={data.person.id}>
                {data.people.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button button-secondary">
              Show
            </button>
          </Form>
        ) : null}
        {data.timer ? <RunningTimer timer={data.timer} week={data.week} /> : null}
        <section className="po-card" aria-labelledby="sheet-week-title">
          <h2 id="sheet-week-title">The week</h2>
          <ul className="time-days" data-testid="sheet-days">
            {data.dayMinutes.map((m, i) => {
              const day = addDays(data.week, i);
              return (
                <li key={day} aria-current={day === data.today ? 'date' : undefined}>
                  <span>
                    {DAY_NAMES[i]} {Number(day.slice(8))}
                  </span>
                  {formatMinutes(m)}
                </li>
              );
            })}
          </ul>
          <p data-testid="sheet-total">
            {formatMinutes(data.totalMinutes)} h in all, {formatMinutes(data.billableMinutes)} h billable.{' '}
            {data.approval ? `Approved ${data.approval.approvedBy ? `by ${data.approval.approvedBy} ` : ''}on ${formatDateTime(data.approval.approvedAt)}.` : 'Not approved.'}
          </p>
          {data.canApprove ? (
            <Form method="post">
              <input type="hidden" name="week" value={data.week} />
              <input type="hidden" name="userId" value={data.person.id} />
              {data.approval && data.entries.some((e) => e.billed) ? (
                <p className="po-note">Some of this week’s time is billed: the week stays approved.</p>
              ) : data.approval ? (
                <button type="submit" name="intent" value="reopen" className="button button-secondary" data-testid="reopen-week">
                  Reopen the week
                </button>
              ) : (
                <button type="submit" name="intent" value="approve" className="button button-primary" data-testid="approve-week" disabled={data.totalMinutes === 0}>
                  Approve the week
                </button>
              )}
            </Form>
          ) : null}
          {data.entries.length ? (
            <TableScroll label="Entries of the week">
              <table className="so-table" data-testid="sheet-entries">
                <TableHead columns={['Day', 'Project', 'On', { label: 'Hours', className: 'num' }, 'Billable', 'Note', 'Status']} />
                <tbody>
                  {data.entries.map((e) => (
                    <tr key={e.id}>
                      <td data-label="Day">{formatCalendarDay(e.workDate)}</td>
                      <td data-label="Project">
                        <Link to={timePath(e.projectId, data.week)}>{e.projectName}</Link>
                      </td>
                      <td data-label="On">{[e.stageName, e.taskTitle].filter(Boolean).join(' · ') || '—'}</td>
                      <NumCell label="Hours">{formatMinutes(e.minutes)}</NumCell>
                      <td data-label="Billable">{e.billable ? 'Yes' : 'No'}</td>
                      <td data-label="Note">{e.note}</td>
                      <td data-label="Status">{entryStatus(e)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : (
            <p className="po-note">No time in this week. Time is recorded on each project’s Time page.</p>
          )}
        </section>
        {data.rates ? (
          <section className="po-card" aria-labelledby="sheet-rates-title">
            <h2 id="sheet-rates-title">Rates</h2>
            <p className="po-note">
              What an hour of {data.person.name}’s time costs the firm ({formatPaise(data.rates.costRate)}) and what it bills ({formatPaise(data.rates.billRate)}). A week takes the rates of the day it is approved.
            </p>
            {data.canApprove ? (
              <Form method="post" className="time-form" aria-label={`${data.person.name}’s rates`}>
                <input type="hidden" name="week" value={data.week} />
                <input type="hidden" name="userId" value={data.person.id} />
                <div className="field">
                  <label htmlFor="cost-rate">Cost rate, ₹ an hour</label>
                  <input id="cost-rate" name="costRate" inputMode="decimal" defaultValue={data.rates.costRate ? paiseToDecimal(data.rates.costRate) : ''} />
                </div>
                <div className="field">
                  <label htmlFor="bill-rate">Bill rate, ₹ an hour</label>
                  <input id="bill-rate" name="billRate" inputMode="decimal" defaultValue={data.rates.billRate ? paiseToDecimal(data.rates.billRate) : ''} />
                </div>
                <button type="submit" name="intent" value="rates" className="button button-primary">
                  Save rates
                </button>
              </Form>
            ) : null}
          </section>
        ) : null}
      </div>
    </>
  );
}
