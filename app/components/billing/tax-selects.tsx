import { getSelectProps } from '@conform-to/react';
import type { ReactNode } from 'react';
import { Field } from '~/components/field';
import { formatRate, GST_RATES_BP } from '../../../server/contract/billing-rules';

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
