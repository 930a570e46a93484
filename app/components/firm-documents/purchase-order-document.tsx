import { formatDay } from '../../../server/contract/dates';
import type { PurchaseOrderPrint } from '../../../server/contract/purchase-orders';
import { formatPaise } from '../../../server/contract/money-text';
import { DOCUMENT_CSS } from './document-styles';
import { Letterhead } from './letterhead';
import { ItemCell, LinesHead, TaxCell } from './line-cells';

/**
 * A purchase order as the supplier receives it (docs/decisions/285): the firm's
 * letterhead, the supplier and where to deliver, each line at trade price with GST, the tax split
 * (CGST + SGST within the firm's state, IGST across states), the total in words and the notes.
 */
export function PurchaseOrderDocument({ data }: { data: PurchaseOrderPrint }) {
  const { order } = data;
  const { buyer, supplier } = order;
  const intra = order.supply === 'intra';
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{`Purchase order ${order.number}`}</title>
        <style dangerouslySetInnerHTML={{ __html: DOCUMENT_CSS }} />
      </head>
      <body>
        <Letterhead firm={{ legalName: buyer.name, address: buyer.address, gstin: buyer.gstin, logo: data.logo }}>
          <div className="doc-kind">Purchase order</div>
          <div>
            <strong>{order.number}</strong>
          </div>
          <div>Date: {formatDay(order.issuedAt, data.timeZone)}</div>
          <div>Project: {order.projectName}</div>
        </Letterhead>
        <div className="doc-parties">
          <section className="doc-party">
            <h2>Supplier</h2>
            <div className="doc-item-title">{supplier.name}</div>
            {supplier.address ? <div className="doc-pre">{supplier.address}</div> : null}
            {supplier.state ? <div>{supplier.state}</div> : null}
            {supplier.gstin ? <div>GSTIN {supplier.gstin}</div> : null}
            {supplier.email ? <div>{supplier.email}</div> : null}
          </section>
          <section className="doc-party">
            <h2>Bill to</h2>
            <div className="doc-item-title">{buyer.name}</div>
            <div className="doc-pre">{buyer.address}</div>
            <div>{buyer.state}</div>
            {buyer.gstin ? <div>GSTIN {buyer.gstin}</div> : null}
          </section>
        </div>
        <table className="doc-lines">
          <LinesHead first={{ label: '#', className: 'num' }} price="Rate" />
          <tbody>
            {order.lines.map((line, index) => (
              <tr key={line.id}>
                <td className="num">{index + 1}</td>
                <ItemCell line={line} />
                <td className="num">{line.quantity}</td>
                <td className="num">{formatPaise(line.unitPrice)}</td>
                <td className="num">{formatPaise(line.taxable)}</td>
                <TaxCell line={line} />
                <td className="num">{formatPaise(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <section className="doc-grand">
          <table>
            <tbody>
              <tr>
                <th>Amount before GST</th>
                <td className="num">{formatPaise(order.taxable)}</td>
              </tr>
              {intra ? (
                <>
                  <tr>
                    <th>CGST</th>
                    <td className="num">{formatPaise(order.cgst)}</td>
                  </tr>
                  <tr>
                    <th>SGST</th>
                    <td className="num">{formatPaise(order.sgst)}</td>
                  </tr>
                </>
              ) : (
                <tr>
                  <th>IGST</th>
                  <td className="num">{formatPaise(order.igst)}</td>
                </tr>
              )}
              <tr className="doc-grand-total">
                <th>Total</th>
                <td className="num">{formatPaise(order.total)}</td>
              </tr>
            </tbody>
          </table>
          <p className="doc-words">{data.totalInWords}</p>
        </section>
        <section className="doc-terms">
          {order.notes ? (
            <>
              <h2>Notes</h2>
              <p className="doc-pre">{order.notes}</p>
            </>
          ) : null}
          <p className="doc-note">Please quote {order.number} on your invoice and delivery challan.</p>
        </section>
      </body>
    </html>
  );
}
