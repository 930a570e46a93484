import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { getPrintData } from '~/models/summary-output.server';
import { invariantResponse } from '~/utils/invariant.server';
import { pdfFileName, renderSummaryPdf } from './summary-pdf.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { required } from '~/utils/form-action.server';

/**
 * The PDF of a schedule's summary (DESIGN.md section 9, docs/decisions/105), a resource route beside
 * the editor: `?schedule={id}&tab=summary|financial&sections={id}&sections={id}…` (no sections =
 * all of them). The editor's export form is a plain GET form, so this works without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const url = new URL(request.url);
  const scheduleId = url.searchParams.get('schedule') ?? '';
  invariantResponse(scheduleId, 'Choose a schedule to print', 400);
  const tab = url.searchParams.get('tab') === 'financial' ? 'financial' : 'summary';
  const sections = url.searchParams.getAll('sections').flatMap((value) => value.split(',')).filter(Boolean);
  const { data } = await required(getPrintData(request, scheduleId, sections));
  // The schedule must be of the project the path names (a link edited by hand finds nothing).
  if (data.project.id !== params.projectId) throw json({ message: 'Schedule not found' }, { status: 404 });
  // The api leaves margins out for those who may not see them (docs/decisions/258): no financial PDF for them.
  if (tab === 'financial' && !('tradeCost' in data.summary.totals)) throw json({ message: 'Only those allowed to see financials can export the financial PDF' }, { status: 403 });
  const pdf = await renderSummaryPdf(data, tab);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': `inline; filename="${pdfFileName(data, tab)}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
