import type { LoaderFunctionArgs } from '@remix-run/node';
import { getFeeLetter } from '~/models/fee-letter.server';
import { required } from '~/utils/form-action.server';
import { feeLetterFileName, renderFeeLetterPdf } from '~/utils/fee-letter-pdf.server';
import { requireWorkspaceUser } from '~/utils/guards.server';

/** The fee proposal, an engagement letter as a PDF (docs/decisions/381): financials, so the api answers 403 to those who may not see fees. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const data = await required(getFeeLetter(request, params.projectId ?? ''));
  const pdf = await renderFeeLetterPdf(data);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': `inline; filename="${feeLetterFileName(data.projectName)}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
