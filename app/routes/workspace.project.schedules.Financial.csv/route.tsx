import type { LoaderFunctionArgs } from '@remix-run/node';
import { getFinancialOverview } from '~/models/summary-output.server';
import { listProjectResults } from '~/models/results.server';
import { financialCsv } from './financial-csv';
import { zoneOf } from '../../../server/contract/dates';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { required } from '~/utils/form-action.server';

/** The Financial overview as CSV, dated in the firm's time zone (decision 265). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireWorkspaceUser(request);
  const projectId = new URL(request.url).searchParams.get('project') || null;
  const [{ data }, results] = await Promise.all([required(getFinancialOverview(request, projectId)), required(listProjectResults(request))]);
  const shown = data.projectId ? results.rows.filter((r) => r.projectId === data.projectId) : results.rows;
  const { fileName, body } = financialCsv(data, new Date(), zoneOf(user), shown);
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
