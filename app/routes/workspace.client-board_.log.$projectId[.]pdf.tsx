import type { LoaderFunctionArgs } from '@remix-run/node';
import { getDecisionLog } from '~/models/share-links.server';
import { required } from '~/utils/form-action.server';
import { decisionLogFileName, renderDecisionLogPdf } from '~/utils/decision-log-pdf.server';
import { requireWorkspaceUser } from '~/utils/guards.server';

/** A project's dated decision log as a PDF (docs/decisions/413): whoever sees the project on the Client Board. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const data = await required(getDecisionLog(request, params.projectId ?? ''));
  const pdf = await renderDecisionLogPdf(data);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': `inline; filename="${decisionLogFileName(data.project.name)}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
