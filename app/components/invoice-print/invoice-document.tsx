import { formatCalendarDay } from '../../../server/contract/dates';
import { DIGITALLY_SIGNED_TEXT, formatRate } from '../../../server/contract/billing-rules';
import type { InvoicePrint, Party, ReceiptPrint } from '../../../server/contract/invoices';
import { PAYMENT_METHOD_LABELS } from '../../../server/contract/invoices-rules';
import { formatPaise, formatPrice } from '../../../server/contract/money-text';
import { INVOICE_CSS } from './invoice-styles';
import { quantityWithUnit } from '../../../server/contract/quantity';

/**
 * The Tax Invoice (or Credit Note) and the payment receipt as printed
 * (docs/decisions/281): both parties with their GSTINs, place of supply, HSN/SAC per line, the tax
 * split (CGST + SGST, or IGST), totals, the amount in words, the UPI QR and the bank account.
 * Rendered to static HTML on the server; the QR is the api's SVG, inlined.
 */

const day = (d: string | null) => (d ? formatCalendarDay(d) : '—');

/**
 * CGST rule 46(q), decision 402: the firm's signature image above "Authorised signatory"; without
 * one, a line to sign on and the words for a digitally signed document.
 */
function Signature({ name, image }: { name: string; image: string | null }) {
  return (
    <div className="iv-sign" data-signature={image ? 'image' : 'words'}>
      For {name}
      {image ? <img className="iv-signature" src={image} alt={`Signature for ${name}`} /> : <span className="iv-sign-line" />}
      Authorised signatory
      {image ? null : <span className="iv-small iv-signed">{DIGITALLY_SIGNED_TEXT}</span>}
    </div>
  );
}

function PartyBlock({ title, party, fallbackName }: { title: string; party: Party | null; fallbackName?: string }) {
  return (
    <section className="iv-party">
      <h2>{title}</h2>
      <p className="iv-name">{party?.legalName || fallbackName}</p>
      {party?.address ? <p>{party.address}</p> : null}
      <dl>
        <dt>State</dt>
        <dd>{party?.state || 'Outside India'}</dd>
        <dt>GSTIN</dt>
        <dd>{party?.gstin || 'Unregistered'}</dd>
        {party?.pan ? (
          <>
            <dt>PAN</dt>
            <dd>{party.pan}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function Document({ title, children, stamp }: { title: string; children: React.ReactNode; stamp?: string }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: INVOICE_CSS }} />
      </head>
      <body>
        {stamp ? <div className="iv-stamp">{stamp}</div> : null}
        {children}
      </body>
    </html>
  );
}

export function InvoiceDocument({ data }: { data: InvoicePrint }) {
  const { invoice } = data;
  const intra = invoice.supply === 'intra';
  const taxHeads = intra ? ['CGST', 'SGST'] : ['IGST'];
  const stamp = invoice.status === 'draft' ? 'DRAFT' : invoice.status === 'void' ? 'VOID' : undefined;
  const seller = invoice.seller;
  // No discount on any line: no Discount column, and its width goes to the description (decision 400).
  const discounted = invoice.lines.some((l) => l.discount > 0);
  return (
    <Document title={`${data.title} ${invoice.number ?? ''}`} stamp={stamp}>
      <header className="iv-head">
        <div>
          <h1>{data.title}</h1>
          <div className="iv-small">{invoice.kind === 'credit-note' ? `Issued against invoice ${data.original?.number ?? ''}` : 'Original for recipient'}</div>
        </div>
        <div className="iv-meta">
          <dl>
            <dt>{invoice.kind === 'credit-note' ? 'Credit note no.' : 'Invoice no.'}</dt>
            <dd>{invoice.number ?? 'Draft'}</dd>
            <dt>Date</dt>
            <dd>{day(invoice.issueDate)}</dd>
            {invoice.kind === 'invoice' ? (
              <>
                <dt>Due date</dt>
                <dd>{day(invoice.dueDate)}</dd>
              </>
            ) : null}
            {data.original ? (
              <>
                <dt>Against invoice</dt>
                <dd>
                  {data.original.number} of {day(data.original.issueDate)}
                </dd>
              </>
            ) : null}
            <dt>Place of supply</dt>
            <dd>{data.placeOfSupplyText}</dd>
            <dt>Tax payable on reverse charge</dt>
            <dd>{data.reverseCharge}</dd>
          </dl>
        </div>
      </header>
      <div className="iv-parties">
        <PartyBlock title="From" party={seller} />
        <PartyBlock title="Bill to" party={invoice.buyer} fallbackName={invoice.clientName} />
      </div>
      <table className="iv-lines">
        <thead>
          <tr>
            <th className="iv-n">#</th>
            <th className="iv-desc">Description</th>
            <th className="iv-hsn">HSN/SAC</th>
            <th className="num iv-narrow">Qty</th>
            <th className="num">Unit price</th>
            {discounted ? <th className="num">Discount</th> : null}
            <th className="num">Taxable value</th>
            <th className="num iv-narrow">GST</th>
            {taxHeads.map((h) => (
              <th key={h} className="num">
                {h}
              </th>
            ))}
            <th className="num iv-wide">Amount</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((l, i) => (
            <tr key={l.id}>
              <td>{i + 1}</td>
              <td className="iv-desc">{l.description}</td>
              <td>{l.hsnSac || '—'}</td>
              <td className="num">{quantityWithUnit(l.quantity, l.unit)}</td>
              <td className="num">{formatPaise(l.unitPrice)}</td>
              {discounted ? <td className="num">{l.discount ? formatPaise(l.discount) : '—'}</td> : null}
              <td className="num">{formatPaise(l.taxable)}</td>
              <td className="num">{formatRate(l.rateBp)}</td>
              {intra ? (
                <>
                  <TaxCell amount={l.cgst} rateBp={l.rateBp / 2} />
                  <TaxCell amount={l.sgst} rateBp={l.rateBp / 2} />
                </>
              ) : (
                <TaxCell amount={l.igst} rateBp={l.rateBp} />
              )}
              <td className="num">{formatPaise(l.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {invoice.roundOff ? (
            // The total brought to the rupee (decision 408): the lines stay exact.
            <tr data-testid="round-off">
              <td colSpan={(discounted ? 6 : 5) + 2 + taxHeads.length}>Round off</td>
              <td className="num">{formatPaise(invoice.roundOff)}</td>
            </tr>
          ) : null}
          <tr>
            <td colSpan={discounted ? 6 : 5}>Total</td>
            <td className="num">{formatPaise(invoice.taxable)}</td>
            <td />
            {intra ? (
              <>
                <td className="num">{formatPaise(invoice.cgst)}</td>
                <td className="num">{formatPaise(invoice.sgst)}</td>
              </>
            ) : (
              <td className="num">{formatPaise(invoice.igst)}</td>
            )}
            <td className="num">{formatPaise(invoice.total)}</td>
          </tr>
        </tfoot>
      </table>
      <TaxSummary data={data} taxHeads={taxHeads} />
      <p className="iv-words">
        <strong>Amount in words:</strong> {data.amountInWords}
      </p>
      {invoice.kind === 'invoice' && seller ? <PaymentBlock data={data} seller={seller} /> : null}
      {invoice.notes ? <div className="iv-notes">{invoice.notes}</div> : null}
      <Signature name={seller?.legalName ?? ''} image={data.signature} />
    </Document>
  );
}

/** CGST rule 46(j): each tax's rate and amount, the rate under the amount. */
function TaxCell({ amount, rateBp }: { amount: number; rateBp: number }) {
  return (
    <td className="num">
      {formatPaise(amount)}
      <span className="iv-rate">@ {formatRate(rateBp)}</span>
    </td>
  );
}

function TaxSummary({ data, taxHeads }: { data: InvoicePrint; taxHeads: string[] }) {
  const intra = taxHeads.length === 2;
  return (
    <table>
      <thead>
        <tr>
          <th>Tax summary: GST rate</th>
          <th className="num">Taxable value</th>
          {taxHeads.map((h) => (
            <th key={h} className="num">
              {h}
            </th>
          ))}
          <th className="num">Total tax</th>
        </tr>
      </thead>
      <tbody>
        {data.byRate.map((r) => (
          <tr key={r.rateBp}>
            <td>{formatRate(r.rateBp)}</td>
            <td className="num">{formatPaise(r.taxable)}</td>
            {intra ? (
              <>
                <TaxCell amount={r.cgst} rateBp={r.rateBp / 2} />
                <TaxCell amount={r.sgst} rateBp={r.rateBp / 2} />
              </>
            ) : (
              <TaxCell amount={r.igst} rateBp={r.rateBp} />
            )}
            <td className="num">{formatPaise(r.tax)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PaymentBlock({ data, seller }: { data: InvoicePrint; seller: Party }) {
  const { invoice } = data;
  return (
    <section className="iv-pay">
      {data.qrSvg ? <div className="iv-qr" dangerouslySetInnerHTML={{ __html: data.qrSvg }} /> : null}
      <div>
        <h2>Payment</h2>
        {invoice.received || invoice.credited ? (
          <p>
            Received {formatPaise(invoice.received)}
            {invoice.credited ? `, credited ${formatPaise(invoice.credited)}` : ''}; outstanding <strong>{formatPaise(invoice.outstanding)}</strong>
          </p>
        ) : null}
        {seller.upiId ? (
          <p>
            UPI: <strong>{seller.upiId}</strong>
            {data.qrSvg && data.upiAmount ? ` (scan the code with any UPI app to pay ${formatPaise(data.upiAmount)})` : ''}
          </p>
        ) : null}
        {seller.upiId && data.upiOverLimit ? (
          <p data-testid="upi-over-limit">
            The amount is above the UPI limit of {formatPrice(data.upiLimit)}: please pay by bank transfer, or by UPI in parts of at most {formatPrice(data.upiLimit)} each.
          </p>
        ) : null}
        {seller.bankAccountNumber ? (
          <p>
            Bank transfer: {seller.bankAccountName}
            <br />
            Account no. <strong>{seller.bankAccountNumber}</strong> · IFSC <strong>{seller.bankIfsc}</strong>
          </p>
        ) : null}
        {invoice.number ? <p className="iv-small">Please quote {invoice.number} with your payment.</p> : null}
      </div>
    </section>
  );
}

export function ReceiptDocument({ data }: { data: ReceiptPrint }) {
  const { invoice, payment } = data;
  return (
    <Document title={`Receipt ${payment.receiptNumber}`}>
      <header className="iv-head">
        <div>
          <h1>Payment Receipt</h1>
        </div>
        <div className="iv-meta">
          <dl>
            <dt>Receipt no.</dt>
            <dd>{payment.receiptNumber}</dd>
            <dt>Date</dt>
            <dd>{day(payment.paidOn)}</dd>
            <dt>Against invoice</dt>
            <dd>{invoice.number}</dd>
            <dt>Place of supply</dt>
            <dd>{data.placeOfSupplyText}</dd>
            <dt>Tax payable on reverse charge</dt>
            <dd>{data.reverseCharge}</dd>
          </dl>
        </div>
      </header>
      <div className="iv-parties">
        <PartyBlock title="Received by" party={invoice.seller} />
        <PartyBlock title="Received from" party={invoice.buyer} fallbackName={invoice.clientName} />
      </div>
      <table>
        <tbody>
          <tr>
            <th>Amount received</th>
            <td className="num">{formatPaise(payment.amount)}</td>
          </tr>
          {payment.tds ? (
            <>
              <tr>
                <th>
                  TDS deducted by the client (section {payment.tdsSection}
                  {payment.tdsRateBp !== null ? `, ${payment.tdsRateBp / 100} %` : ''}
                  {payment.tdsTan ? `, TAN ${payment.tdsTan}` : ''})
                </th>
                <td className="num">{formatPaise(payment.tds)}</td>
              </tr>
              <tr>
                <th>Settled against the invoice</th>
                <td className="num">{formatPaise(payment.amount + payment.tds)}</td>
              </tr>
            </>
          ) : null}
          <tr>
            <th>Method</th>
            <td className="num">{PAYMENT_METHOD_LABELS[payment.method]}</td>
          </tr>
          {payment.reference ? (
            <tr>
              <th>Reference</th>
              <td className="num">{payment.reference}</td>
            </tr>
          ) : null}
          <tr>
            <th>Invoice total</th>
            <td className="num">{formatPaise(invoice.total)}</td>
          </tr>
          <tr>
            <th>Outstanding after all payments to date</th>
            <td className="num">{formatPaise(invoice.outstanding)}</td>
          </tr>
        </tbody>
      </table>
      <p className="iv-words">
        <strong>Amount in words:</strong> {data.amountInWords}
      </p>
      <Signature name={invoice.seller?.legalName ?? ''} image={data.signature} />
    </Document>
  );
}
