import type { ShownValue } from '~/components/record-version';
import { getTextareaProps, type FieldMetadata } from '@conform-to/react';
import { StateSelect } from './tax-selects';
import { Field } from '~/components/field';
import { TextField } from '~/components/text-field';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's schema does not matter here, as in conform's own getInputProps
type Meta = FieldMetadata<any, any, string[]>;
type SellerMetas = Record<
  'legalName' | 'address' | 'state' | 'gstin' | 'pan' | 'bankAccountName' | 'bankAccountNumber' | 'bankIfsc' | 'upiId' | 'paymentTermsDays',
  Meta
>;

/**
 * What a seller's documents print (docs/decisions/256 and 287): the firm's billing profile and the
 * platform's share these two cards, so both check and label the same fields alike.
 */
export function SellerFieldsets({ fields, states, title, gstHint }: { fields: SellerMetas; states: string[]; title: string; gstHint: string }) {
  return (
    <>
      <section className="cb-card" aria-labelledby="billing-firm-title">
        <h2 id="billing-firm-title">{title}</h2>
        <TextField label="Legal name" meta={fields.legalName} autoComplete="organization" />
        <Field label="Address" meta={fields.address}>
          <textarea {...getTextareaProps(fields.address)} rows={3} autoComplete="street-address" />
        </Field>
        <StateSelect meta={fields.state} label="State (place of supply)" hint={gstHint} states={states} none="Choose a state" />
        <TextField label="GSTIN" meta={fields.gstin} hint="15 characters, like 27AAPFU0939F1ZV. Leave blank when not registered for GST." autoComplete="off" maxLength={20} />
        <TextField label="PAN" meta={fields.pan} hint="10 characters; the one inside the GSTIN." autoComplete="off" maxLength={12} />
      </section>

      <section className="cb-card" aria-labelledby="billing-bank-title">
        <h2 id="billing-bank-title">Payments</h2>
        <TextField label="Account name" meta={fields.bankAccountName} autoComplete="off" />
        <TextField label="Account number" meta={fields.bankAccountNumber} inputMode="numeric" autoComplete="off" />
        <TextField label="IFSC" meta={fields.bankIfsc} autoComplete="off" maxLength={14} />
        <TextField label="UPI ID" meta={fields.upiId} hint="Invoices print a QR code that pays this ID." autoComplete="off" placeholder="name@bank" />
        <TextField label="Payment terms (days)" meta={fields.paymentTermsDays} type="number" min={0} max={365} hint="An invoice is due this many days after its date." />
      </section>
    </>
  );
}

/** The seller's values as the cards label them, shown as they now are after a stale save (docs/decisions/320). */
export const SELLER_SHOWN: ShownValue[] = [
  { key: 'legalName', label: 'Legal name' },
  { key: 'address', label: 'Address' },
  { key: 'state', label: 'State (place of supply)' },
  { key: 'gstin', label: 'GSTIN' },
  { key: 'pan', label: 'PAN' },
  { key: 'bankAccountName', label: 'Account name' },
  { key: 'bankAccountNumber', label: 'Account number' },
  { key: 'bankIfsc', label: 'IFSC' },
  { key: 'upiId', label: 'UPI ID' },
  { key: 'paymentTermsDays', label: 'Payment terms (days)' },
];
