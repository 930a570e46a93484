import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { getProposal } from '~/models/purchase-orders.server';
import { invariantResponse } from '~/utils/invariant.server';
import { documentFileName, renderProposalPdf } from '~/utils/proposal-pdf.server';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { required } from '~/utils/form-action.server';

/**
 * The client proposal PDF of a schedule (docs/decisions/286), beside the summary's
 * PDF: `?schedule={id}&sections={id}…` (none = every section not rejected). Posted by the editor's
 * export form's "Client proposal" button (a plain GET form, so it works without JavaScript). Any
 * member may export it: it prints client prices only.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const url = new URL(request.url);
  const scheduleId = url.searchParams.get('schedule') ?? '';
  invariantResponse(scheduleId, 'Choose a schedule to print', 400);
  const sections = url.searchParams.getAll('sections').flatMap((value) => value.split(',')).filter(Boolean);
  const { data } = await required(getProposal(request, scheduleId, sections));
  // The schedule must be of the project the path names (a link edited by hand finds nothing).
  if (data.project.id !== params.projectId) throw json({ message: 'Schedule not found' }, { status: 404 });
  const pdf = await renderProposalPdf(data);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': `inline; filename="${documentFileName('Proposal', data.project.name, data.schedule.title)}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
