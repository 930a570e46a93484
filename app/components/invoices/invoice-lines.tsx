import type { SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { WithStale } from '~/components/record-version';
import { EditLineForm } from './invoice-forms';
import { NumCell, TableHead, TableScroll } from '~/components/data-table';
import { formatRate } from '../../../server/contract/billing-rules';
import type { Invoice } from '../../../server/contract/invoices';
import { formatPaise } from '../../../server/contract/money-text';
import { quantityWithUnit } from '../../../server/contract/quantity';

type EditFailure = { lineId: string; result: SubmissionResult<string[]>; stale?: WithStale } | null;

/** An invoice's lines with their tax split and totals; a draft's lines each have Edit (code, unit, quantity) and Remove. */
export function InvoiceLines({ invoice, editable, editFailure = null }: { invoice: Invoice; editable: boolean; editFailure?: EditFailure }) {
  const intra = invoice.supply === 'intra';
  const taxHeads = intra ? ['CGST', 'SGST'] : ['IGST'];
  const num = (label: string) => ({ label, className: 'num' });
  return (
    <TableScroll label="Invoice lines">
      <table className="so-table" data-testid="invoice-lines">
        <TableHead columns={['Description', 'HSN/SAC', num('Qty'), num('Unit price'), num('Taxable'), num('GST'), ...taxHeads.map(num), num('Amount')]} actions={editable} />
        <tbody>
          {invoice.lines.map((l) => (
            <tr key={l.id} data-testid="invoice-line">
              <td data-label="Description">{l.description}</td>
              <td data-label="HSN/SAC">{l.hsnSac || '—'}</td>
              <NumCell label="Qty">{quantityWithUnit(l.quantity, l.unit)}</NumCell>
              <NumCell label="Unit price">
                {formatPaise(l.unitPrice)}
                {l.discount ? <span className="so-sub">less {formatPaise(l.discount)}</span> : null}
              </NumCell>
              <NumCell label="Taxable">{formatPaise(l.taxable)}</NumCell>
              <NumCell label="GST">{formatRate(l.rateBp)}</NumCell>
              {(intra ? [l.cgst, l.sgst] : [l.igst]).map((v, i) => (
                <NumCell key={taxHeads[i]} label={taxHeads[i]}>{formatPaise(v)}</NumCell>
              ))}
              <NumCell label="Amount">{formatPaise(l.total)}</NumCell>
              {editable ? (
                <td className="so-actions">
                  <EditLineForm line={l} version={invoice.version} lastResult={editFailure?.lineId === l.id ? editFailure.result : undefined} stale={editFailure?.lineId === l.id ? editFailure.stale : undefined} />
                  <Form method="post" className="iv-inline">
                    <input type="hidden" name="lineId" value={l.id} />
                    <button type="submit" name="intent" value="removeLine" className="button button-ghost" data-testid="remove-line" aria-label={`Remove ${l.description}`}>
                      Remove
                    </button>
                  </Form>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={4}>Total</td>
            <NumCell label="Taxable">{formatPaise(invoice.taxable)}</NumCell>
            <td />
            {(intra ? [invoice.cgst, invoice.sgst] : [invoice.igst]).map((v, i) => (
              <NumCell key={taxHeads[i]} label={taxHeads[i]}>{formatPaise(v)}</NumCell>
            ))}
            <NumCell label="Total" testId="invoice-total">{formatPaise(invoice.total)}</NumCell>
            {editable ? <td /> : null}
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
