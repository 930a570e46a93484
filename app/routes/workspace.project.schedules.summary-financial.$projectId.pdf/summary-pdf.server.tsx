import { renderToStaticMarkup } from 'react-dom/server';
import { PrintDocument, PrintFooter, PrintHeader, type PrintTab } from '~/components/summary-print/print-document';
import type { PrintData } from '../../../server/contract/summary-print';
import { formatDay, zoneOf } from '../../../server/contract/dates';
import { pdfRenderer, type PdfRenderer } from '~/utils/pdf.server';

/**
 * A schedule summary's PDF (DESIGN.md section 9 "The PDF", docs/decisions/105): the print view
 * rendered to static HTML with its stylesheet inline, printed by the process's warm Chromium on
 * A4, portrait when exactly one section is printed and landscape otherwise (the spec's rule),
 * header with firm, project and schedule names, footer with the firm's avatar, name and pages.
 */

export const isPortrait = (sectionCount: number) => sectionCount === 1;

export function summaryPrintHtml(data: PrintData, tab: PrintTab, now = new Date()): string {
  return `<!doctype html>${renderToStaticMarkup(<PrintDocument data={data} tab={tab} printedOn={formatDay(now.toISOString(), zoneOf(data.firm))} portrait={isPortrait(data.sectionCount)} />)}`;
}

export function renderSummaryPdf(data: PrintData, tab: PrintTab, renderer: PdfRenderer = pdfRenderer()): Promise<Buffer> {
  return renderer.render(summaryPrintHtml(data, tab), {
    landscape: !isPortrait(data.sectionCount),
    headerTemplate: renderToStaticMarkup(<PrintHeader data={data} />),
    footerTemplate: renderToStaticMarkup(<PrintFooter data={data} />),
    margin: { top: '16mm', bottom: '16mm', left: '12mm', right: '12mm' },
  });
}

/** The PDF's file name: the schedule's title in safe characters. */
export function pdfFileName(data: PrintData, tab: PrintTab): string {
  const base = `${data.project.name} ${data.schedule.title}${tab === 'financial' ? ' financial' : ''}`
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return `${base || 'summary'}.pdf`;
}
