import { renderToStaticMarkup } from 'react-dom/server';
import { DecisionLogDocument } from '~/components/firm-documents/decision-log-document';
import { DocumentFooter } from '~/components/firm-documents/letterhead';
import type { DecisionLog } from '../../server/contract/client-decisions';
import { pdfRenderer, type PdfRenderer } from './pdf.server';
import { documentFileName, DOCUMENT_MARGIN } from './proposal-pdf.server';

/** A project's decision log as a PDF (docs/decisions/413): A4 portrait through the process's warm Chromium. */

export const decisionLogHtml = (data: DecisionLog) => `<!doctype html>${renderToStaticMarkup(<DecisionLogDocument data={data} />)}`;

export function renderDecisionLogPdf(data: DecisionLog, renderer: PdfRenderer = pdfRenderer()): Promise<Buffer> {
  return renderer.render(decisionLogHtml(data), {
    headerTemplate: '<span></span>',
    footerTemplate: renderToStaticMarkup(<DocumentFooter name={`${data.firm.name} · Decision log · ${data.project.name}`} />),
    margin: DOCUMENT_MARGIN,
  });
}

/** "Decision-log-Koregaon-Park-Residence.pdf". */
export const decisionLogFileName = (projectName: string) => documentFileName('Decision log', projectName);
