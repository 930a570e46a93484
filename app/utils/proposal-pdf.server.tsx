import { renderToStaticMarkup } from 'react-dom/server';
import { DocumentFooter } from '~/components/firm-documents/letterhead';
import { ProposalDocument } from '~/components/firm-documents/proposal-document';
import type { ProposalData } from '../../server/contract/proposal';
import { pdfRenderer, type PdfRenderer } from './pdf.server';

/** The client proposal's PDF (docs/decisions/286): A4 portrait through the process's warm Chromium. */

export const DOCUMENT_MARGIN = { top: '14mm', bottom: '16mm', left: '12mm', right: '12mm' };

export const proposalHtml = (data: ProposalData) => `<!doctype html>${renderToStaticMarkup(<ProposalDocument data={data} />)}`;

export function renderProposalPdf(data: ProposalData, renderer: PdfRenderer = pdfRenderer()): Promise<Buffer> {
  return renderer.render(proposalHtml(data), {
    headerTemplate: '<span></span>',
    footerTemplate: renderToStaticMarkup(<DocumentFooter name={data.firm.legalName} />),
    margin: DOCUMENT_MARGIN,
  });
}

/** A document's file name in safe characters. */
export function documentFileName(...parts: string[]): string {
  const base = parts
    .join(' ')
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return `${base || 'document'}.pdf`;
}
