import { formatRate } from '../../../server/contract/billing-rules';
import { formatPaise } from '../../../server/contract/money-text';

/**
 * The head of a document's lines table: its first column (a thumbnail, a line number), the item,
 * then the figures, `price` naming the unit price.
 */
export function LinesHead({ first, price }: { first: { label: string; className: string }; price: string }) {
  return (
    <thead>
      <tr>
        <th className={first.className}>{first.label}</th>
        <th>Item</th>
        <th className="num">Qty</th>
        <th className="num">{price}</th>
        <th className="num">Amount</th>
        <th className="num">GST</th>
        <th className="num">Total</th>
      </tr>
    </thead>
  );
}

/** The item of a document's line: its title, then its description and HSN/SAC code when it has them. */
export function ItemCell({ line }: { line: { title: string; description: string; hsnSac: string } }) {
  return (
    <td>
      <div className="doc-item-title">{line.title}</div>
      {line.description ? <div className="doc-item-desc">{line.description}</div> : null}
      {line.hsnSac ? <div className="doc-item-code">HSN/SAC {line.hsnSac}</div> : null}
    </td>
  );
}

/** A line's GST: the amount, its rate below. */
export function TaxCell({ line }: { line: { tax: number; rateBp: number } }) {
  return (
    <td className="num">
      {formatPaise(line.tax)}
      <div className="doc-note">{formatRate(line.rateBp)}</div>
    </td>
  );
}
