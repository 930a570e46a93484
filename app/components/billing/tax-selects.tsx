import { getSelectProps } from '@conform-to/react';
import type { ReactNode } from 'react';
import { Field } from '~/components/field';
import { formatRate, GST_RATES_BP } from '../../../server/contract/billing-rules';
import { UQC_CODES, UQC_UNITS } from '../../../server/contract/quantity';

type SelectMeta = Parameters<typeof getSelectProps>[0];

/** A GST rate to choose (the rates the GST network uses, or an invoice's own rates for its credit note). */
export function RateSelect({ meta, label = 'GST rate', rates = GST_RATES_BP }: { meta: SelectMeta; label?: string; rates?: readonly number[] }) {
  return (
    <Field label={label} meta={meta}>
      <select {...getSelectProps(meta)}>
        {rates.map((bp) => (
          <option key={bp} value={bp}>
            {formatRate(bp)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** An Indian state, the place of supply that decides CGST + SGST or IGST. */
export function StateSelect({ meta, label, hint, states, none }: { meta: SelectMeta; label: string; hint: ReactNode; states: string[]; none: string }) {
  return (
    <Field label={label} meta={meta} hint={hint}>
      <select {...getSelectProps(meta)}>
        <option value="">{none}</option>
        {states.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A unit of GST's UQC list (decision 407); "As the code says" leaves it to the HSN/SAC (NA for a service, else NOS). */
export function UnitSelect({ meta }: { meta: SelectMeta }) {
  return (
    <Field label="Unit" meta={meta} hint="The unit of quantity on the invoice and in GSTR-1">
      <select {...getSelectProps(meta)}>
        <option value="">As the code says (services NA, goods NOS)</option>
        {UQC_CODES.map((code) => (
          <option key={code} value={code}>
            {code} — {UQC_UNITS[code]}
          </option>
        ))}
      </select>
    </Field>
  );
}
