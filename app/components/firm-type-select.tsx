import { getSelectProps, type FieldMetadata } from '@conform-to/react';
import { FIRM_TYPE_OPTIONS } from '../../server/contract/firm-registration-rules';
import { Field } from './field';

/** The firm type choice (Architecture, Interior, Architecture and Interior) of the profile and the registration. */
export function FirmTypeSelect({ meta }: { meta: FieldMetadata<string | undefined, Record<string, unknown>, string[]> }) {
  return (
    <Field label="Firm type" meta={meta}>
      <select {...getSelectProps(meta)}>
        <option value="">Select firm type</option>
        {FIRM_TYPE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
