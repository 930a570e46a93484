import type { LoaderFunctionArgs } from '@remix-run/node';
import { getPortalFeeProposal } from '~/models/portal.server';
import { required } from '~/utils/form-action.server';
import { feeLetterFileName, renderFeeLetterPdf } from '~/utils/fee-letter-pdf.server';

/**
 * The client's copy of a fee proposal as a PDF (docs/decisions/421): printed from the version's
 * frozen letter, so it reads as it did when shared, whatever the agreement became since.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { letter, proposal } = await required(getPortalFeeProposal(request, params.token ?? '', params.proposalId ?? ''));
  const pdf = await renderFeeLetterPdf(letter);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': `inline; filename="${feeLetterFileName(`${letter.projectName} v${proposal.version}`)}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'x-robots-tag': 'noindex',
    },
  });
}
