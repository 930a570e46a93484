import { renderToStaticMarkup } from 'react-dom/server';
import { DocumentFooter } from '~/components/firm-documents/letterhead';
import { PurchaseOrderDocument } from '~/components/firm-documents/purchase-order-document';
import type { PurchaseOrderPrint } from '../../server/contract/purchase-orders';
import { pdfRenderer, type PdfRenderer } from './pdf.server';
import { DOCUMENT_MARGIN } from './proposal-pdf.server';

/** A purchase order's PDF (docs/decisions/285): A4 portrait through the process's warm Chromium. */

export const purchaseOrderHtml = (data: PurchaseOrderPrint) => `<!doctype html>${renderToStaticMarkup(<PurchaseOrderDocument data={data} />)}`;

export function renderPurchaseOrderPdf(data: PurchaseOrderPrint, renderer: PdfRenderer = pdfRenderer()): Promise<Buffer> {
  return renderer.render(purchaseOrderHtml(data), {
    headerTemplate: '<span></span>',
    footerTemplate: renderToStaticMarkup(<DocumentFooter name={`${data.order.buyer.name} · ${data.order.number}`} />),
    margin: DOCUMENT_MARGIN,
  });
}

/** "Purchase-order-PO-2026-27-0001.pdf". */
export const purchaseOrderFileName = (number: string) => `Purchase-order-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
