import { quantityWithUnit } from '../../../server/contract/quantity';
import { formatRate } from '../../../server/contract/billing-rules';
import { formatDay } from '../../../server/contract/dates';
import type { ProposalData, ProposalLine, ProposalMoney } from '../../../server/contract/proposal';
import { formatPaise } from '../../../server/contract/money-text';
import { DOCUMENT_CSS } from './document-styles';
import { Letterhead } from './letterhead';
import { ItemCell, LinesHead, TaxCell } from './line-cells';

/**
 * The client proposal (docs/decisions/286): the firm's letterhead, each room's
 * chosen sections with their priced items (thumbnail, whole description, quantity, unit and line
 * client price, GST per line), section and room totals, the grand total with GST by rate and in
 * words, the validity date and the firm's terms. The data holds no margin at all, so none can
 * print. Static HTML; every image is a data URL.
 */

function LineRow({ line }: { line: ProposalLine }) {
  return (
    <tr>
      <td className="doc-col-img">{line.image ? <img className="doc-thumb" src={line.image} alt="" /> : <div className="doc-thumb-empty" />}</td>
      <ItemCell line={line} />
      <td className="num">{quantityWithUnit(line.quantity, line.unit)}</td>
      <td className="num">{formatPaise(line.unitPrice)}</td>
      <td className="num">
        {formatPaise(line.taxable)}
        {line.discount ? <div className="doc-note">less {formatPaise(line.discount)}</div> : null}
      </td>
      <TaxCell line={line} />
      <td className="num">{formatPaise(line.total)}</td>
    </tr>
  );
}

function TotalCells({ totals }: { totals: ProposalMoney }) {
  return (
    <>
      <td className="num">{formatPaise(totals.taxable)}</td>
      <td className="num">{formatPaise(totals.tax)}</td>
      <td className="num">{formatPaise(totals.total)}</td>
    </>
  );
}

export function ProposalDocument({ data }: { data: ProposalData }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{`Proposal — ${data.project.name} — ${data.schedule.title}`}</title>
        <style dangerouslySetInnerHTML={{ __html: DOCUMENT_CSS }} />
      </head>
      <body>
        <Letterhead firm={data.firm}>
          <div className="doc-kind">Proposal</div>
          <div>
            <strong>{data.project.name}</strong>
          </div>
          <div>{data.schedule.title}</div>
          <div>Date: {formatDay(data.issuedAt)}</div>
          <div>Valid until: {formatDay(data.validUntil)}</div>
        </Letterhead>
        {data.rooms.length === 0 ? <p className="doc-empty">No priced items in the chosen sections yet.</p> : null}
        {data.rooms.map((room) => (
          <section className="doc-room" key={room.id}>
            <h2>{room.name}</h2>
            {room.sections.map((section) => (
              <table className="doc-lines" key={section.id}>
                <caption>{section.title}</caption>
                <LinesHead first={{ label: 'Image', className: 'doc-col-img' }} price="Unit price" />
                <tbody>
                  {section.lines.map((line) => (
                    <LineRow key={line.id} line={line} />
                  ))}
                </tbody>
                <tfoot>
                  <tr className="doc-total">
                    <td colSpan={4}>Total of {section.title}</td>
                    <TotalCells totals={section.totals} />
                  </tr>
                </tfoot>
              </table>
            ))}
            <table className="doc-lines doc-room-total">
              <tbody>
                <tr className="doc-total">
                  <td>Total of {room.name}</td>
                  <TotalCells totals={room.totals} />
                </tr>
              </tbody>
            </table>
          </section>
        ))}
        {data.rooms.length ? (
          <section className="doc-grand">
            <table>
              <tbody>
                <tr>
                  <th>Amount before GST</th>
                  <td className="num">{formatPaise(data.totals.taxable)}</td>
                </tr>
                {data.byRate.map((rate) => (
                  <tr key={rate.rateBp}>
                    <th>
                      GST {formatRate(rate.rateBp)} on {formatPaise(rate.taxable)}
                    </th>
                    <td className="num">{formatPaise(rate.tax)}</td>
                  </tr>
                ))}
                <tr className="doc-grand-total">
                  <th>Grand total</th>
                  <td className="num">{formatPaise(data.totals.total)}</td>
                </tr>
              </tbody>
            </table>
            <p className="doc-words">{data.totalInWords}</p>
            <p className="doc-note">GST is charged as CGST + SGST within {data.firm.state || 'the firm’s state'} and as IGST elsewhere, on the invoice.</p>
          </section>
        ) : null}
        <section className="doc-terms">
          <p>
            <strong>This proposal is valid until {formatDay(data.validUntil)}.</strong>
          </p>
          {data.terms ? (
            <>
              <h2>Terms</h2>
              <p className="doc-pre">{data.terms}</p>
            </>
          ) : null}
        </section>
      </body>
    </html>
  );
}
