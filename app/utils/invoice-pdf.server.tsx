import { renderToStaticMarkup } from 'react-dom/server';
import { InvoiceDocument, ReceiptDocument } from '~/components/invoice-print/invoice-document';
import type { InvoicePrint, ReceiptPrint } from '../../server/contract/invoices';
import { pdfRenderer, type PdfRenderer } from './pdf.server';

/** The invoice and receipt PDFs (docs/decisions/281): static HTML printed by the process's warm Chromium on A4, portrait. */

const footer = (text: string) => `<div style="font-size:7pt;width:100%;text-align:center;color:#777">${text.replace(/[<>&"]/g, '')} · page <span class="pageNumber"></span> of <span class="totalPages"></span></div>`;

export const invoiceHtml = (data: InvoicePrint) => `<!doctype html>${renderToStaticMarkup(<InvoiceDocument data={data} />)}`;
export const receiptHtml = (data: ReceiptPrint) => `<!doctype html>${renderToStaticMarkup(<ReceiptDocument data={data} />)}`;

export function renderInvoicePdf(data: InvoicePrint, renderer: PdfRenderer = pdfRenderer()): Promise<Buffer> {
  return renderer.render(invoiceHtml(data), { footerTemplate: footer(`${data.title} ${data.invoice.number ?? 'draft'}`), margin: { top: '12mm', bottom: '14mm', left: '12mm', right: '12mm' } });
}

export function renderReceiptPdf(data: ReceiptPrint, renderer: PdfRenderer = pdfRenderer()): Promise<Buffer> {
  return renderer.render(receiptHtml(data), { footerTemplate: footer(`Receipt ${data.payment.receiptNumber}`), margin: { top: '12mm', bottom: '14mm', left: '12mm', right: '12mm' } });
}

/** A document's file name: its number in safe characters. */
export const documentFileName = (number: string | null, fallback: string) => `${(number ?? fallback).replace(/[^\w-]+/g, '-')}.pdf`;

export const pdfResponse = (pdf: Buffer, fileName: string) =>
  new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': `inline; filename="${fileName}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });

/** The answer of an invoice's PDF link (a firm's invoice, or the platform's subscription invoice). */
export const invoicePdfResponse = async (data: InvoicePrint) => pdfResponse(await renderInvoicePdf(data), documentFileName(data.invoice.number, 'draft-invoice'));
/** The answer of a receipt's PDF link. */
export const receiptPdfResponse = async (data: ReceiptPrint) => pdfResponse(await renderReceiptPdf(data), documentFileName(data.payment.receiptNumber, 'receipt'));
