import type { LoaderFunctionArgs } from '@remix-run/node';
import { getFinancialOverview } from '~/models/summary-output.server';
import { paiseAsRupees, toCsv } from '~/utils/csv';
import { isoDay } from '../../server/contract/dates';
import { asErrorResponse } from '~/utils/workspace.server';
import { requireWorkspaceUser } from '~/utils/guards.server';

/** The Financial overview as CSV (rupees, two decimals; text cells safe from formula injection). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const projectId = new URL(request.url).searchParams.get('project') || null;
  const { data } = await getFinancialOverview(request, projectId).catch((error) => {
    throw asErrorResponse(error);
  });
  const figures = (f: { clientPrice: number; tradeCost: number; netProfit: number; markup: number }) => [
    paiseAsRupees(f.clientPrice),
    paiseAsRupees(f.tradeCost),
    paiseAsRupees(f.netProfit),
    f.markup,
  ];
  const csv = toCsv([
    ['Project', 'Schedule', 'Client price (INR)', 'Trade cost (INR)', 'Net profit (INR)', 'Markup (%)', 'Committed (INR)'],
    ...data.rows.map((row) => [row.projectName, row.scheduleTitle, ...figures(row.figures), paiseAsRupees(data.committed.bySchedule[row.scheduleId] ?? 0)]),
    ['Total', '', ...figures(data.totals), paiseAsRupees(data.committed.total)],
  ]);
  // The day as the pages show it (India's calendar day, decision 263), not UTC's.
  const day = isoDay(new Date());
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="financial-overview-${day}.csv"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
