import { renderToStaticMarkup } from 'react-dom/server';
import { FeeLetterDocument } from '~/components/firm-documents/fee-letter-document';
import { DocumentFooter } from '~/components/firm-documents/letterhead';
import type { FeeLetterReply } from '../../server/contract/fee-letter';
import { pdfRenderer, type PdfRenderer } from './pdf.server';
import { documentFileName, DOCUMENT_MARGIN } from './proposal-pdf.server';

/** The fee proposal's PDF (docs/decisions/381): A4 portrait through the process's warm Chromium. */

type Data = FeeLetterReply['data'];

export const feeLetterHtml = (data: Data) => `<!doctype html>${renderToStaticMarkup(<FeeLetterDocument data={data} />)}`;

export function renderFeeLetterPdf(data: Data, renderer: PdfRenderer = pdfRenderer()): Promise<Buffer> {
  return renderer.render(feeLetterHtml(data), {
    headerTemplate: '<span></span>',
    footerTemplate: renderToStaticMarkup(<DocumentFooter name={`${data.firm.name} · Fee proposal`} />),
    margin: DOCUMENT_MARGIN,
  });
}

/** "Fee-proposal-Koregaon-Park-Residence.pdf". */
export const feeLetterFileName = (projectName: string) => documentFileName('Fee proposal', projectName);
