import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { Field, FormErrors } from '~/components/field';
import { PanelActions } from '~/components/form-actions';
import { SERVER_VALIDATION, useSaving } from '~/components/form-intents';
import { TextField } from '~/components/text-field';
import { StaleValues, VersionField, type ShownValue, type WithStale } from '~/components/record-version';
import { formatPaise, paiseToDecimal } from '../../../server/contract/money-text';

type Product = { id: string; title: string; description: string; retailPrice: number; tradePrice?: number; version: number };

const rupees = (paise: unknown) => (typeof paise === 'number' ? formatPaise(paise) : '—');
type Fields = { title: string; description: string; retailPrice: string; tradePrice: string };

/** The Add/Edit product side panel's form: title, description and the prices in rupees (the trade price only for those who see margins), the messages from the server. */
export function ProductForm({ product, lastResult, actionData, canSeeMargins }: { product: Product | null; lastResult?: SubmissionResult<string[]> | null; actionData?: WithStale; canSeeMargins: boolean }) {
  // A product's values as the form labels them, shown as they now are after a stale save (docs/decisions/320).
  const shown: ShownValue[] = [
    { key: 'title', label: 'Title' },
    { key: 'description', label: 'Description' },
    { key: 'retailPrice', label: 'Retail Price (₹)', show: rupees },
    ...(canSeeMargins ? [{ key: 'tradePrice', label: 'Trade Price (₹)', show: rupees }] : []),
  ];
  const saving = useSaving();
  const [form, fields] = useForm<Fields>({
    id: product ? `product-form-${product.id}` : 'product-form-new',
    lastResult,
    defaultValue: product ? { title: product.title, description: product.description, retailPrice: paiseToDecimal(product.retailPrice), tradePrice: paiseToDecimal(product.tradePrice ?? 0) } : {},
    ...SERVER_VALIDATION,
  });
  return (
    <Form method="post" className="so-form" preventScrollReset {...getFormProps(form)}>
      {product ? <input type="hidden" name="id" value={product.id} /> : null}
      {product ? <VersionField read={product.version} actionData={actionData} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      {product ? <StaleValues actionData={actionData} fields={shown} id={`${form.id}-stale`} /> : null}
      <TextField label="Title" meta={fields.title} maxLength={200} />
      <Field label="Description" meta={fields.description}>
        <textarea {...getTextareaProps(fields.description)} rows={3} maxLength={5000} />
      </Field>
      <TextField label="Retail Price (₹)" meta={fields.retailPrice} inputMode="decimal" />
      {canSeeMargins ? <TextField label="Trade Price (₹)" meta={fields.tradePrice} inputMode="decimal" /> : null}
      <PanelActions intent="save" busy={saving} label={product ? 'Update' : 'Save'} />
    </Form>
  );
}
