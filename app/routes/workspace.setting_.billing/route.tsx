import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react';
import { SELLER_SHOWN, SellerFieldsets } from '~/components/billing/seller-fields';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Field, FormErrors } from '~/components/field';
import { PanelActions } from '~/components/form-actions';
import { SERVER_VALIDATION, useSubmittingIntent } from '~/components/form-intents';
import { TextField } from '~/components/text-field';
import { Toast } from '~/components/toast';
import { PageHeader } from '~/components/workspace/page-header';
import { getBillingProfileAndRegistration, getSignatureDataUrl } from '~/models/billing.server';
import { stateNames } from '~/utils/places.server';
import { chatBookSheets } from '~/styles/sheets';
import type { BillingProfileBody } from '../../../server/contract/billing';
import { BILLING_DEFAULTS, DIGITALLY_SIGNED_TEXT, PRICED_ITEM_TYPE_LABELS, PRICED_ITEM_TYPES, SIGNATURE_MAX_BYTES, UPI_LIMIT_CHOICES } from '../../../server/contract/billing-rules';
import { formatPrice } from '../../../server/contract/money-text';
import { RateSelect } from '~/components/billing/tax-selects';
import { billingAction } from './actions.server';
import { StaleValues, VersionField, type ShownValue } from '~/components/record-version';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { required, guarded } from '~/utils/form-action.server';

export const meta: MetaFunction = () => [{ title: 'Billing profile — Archivista' }, { name: 'description', content: "The firm's legal name, GSTIN, bank account and invoice settings." }];
export const links: LinksFunction = () => chatBookSheets;

/**
 * Setting → Billing profile (docs/decisions/256): what the firm's proposals and
 * tax invoices print (legal name, address, state of supply, GSTIN, PAN, bank account, UPI ID), how
 * invoices are numbered, payment and proposal terms, and the default GST rate and HSN/SAC code per
 * priced item type. The firm and its sub-admins only: a plain employee gets the api's 403.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [user, { profile, registration }] = await guarded(
    requireWorkspaceUser(request),
    required(getBillingProfileAndRegistration(request)),
  );
  // "Use the registration address" (decision 384) is a GET of this page: the form starts from it, saved only by Save.
  const useRegistration = new URL(request.url).searchParams.get('address') === 'registration' && registration !== null;
  // The signature's preview (decision 402): read only when there is one.
  const signature = profile?.hasSignature ? await getSignatureDataUrl(request) : null;
  return json({ profile, registration, useRegistration, signature, states: stateNames('India'), firmName: user.firmName ?? user.userName });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  return billingAction(request);
}

/** What the page shows of the profile as it now is after a save that lost to someone else's (decision 320). */
const SHOWN: ShownValue[] = [
  ...SELLER_SHOWN,
  { key: 'invoicePrefix', label: 'Invoice number prefix' },
  { key: 'proposalValidityDays', label: 'Proposal validity (days)' },
  { key: 'proposalTerms', label: 'Proposal terms' },
  { key: 'reverseCharge', label: 'Tax payable on reverse charge' },
  { key: 'roundOff', label: 'Totals rounded to the rupee' },
  { key: 'upiLimit', label: 'UPI limit (paise)' },
];

export default function BillingProfilePage() {
  const { profile, registration, useRegistration, signature, states, firmName } = useLoaderData<typeof loader>();
  // The registration's address and state (when it is an Indian state of the list) for a first profile, or when asked for.
  const registered = registration ? { address: registration.address, ...(states.includes(registration.state) ? { state: registration.state } : {}) } : {};
  // Compared as text: a form sent without JavaScript ends its lines with CR LF.
  const lines = (text: string) => text.replace(/\r\n?/g, '\n').trim();
  const offerRegistration = registration !== null && profile !== null && lines(profile.address) !== lines(registration.address);
  const actionData = useActionData<typeof action>();
  const failed = actionData && 'result' in actionData ? actionData : null;
  const failedIntent = failed && 'intent' in failed ? failed.intent : undefined;
  const profileFailed = failedIntent === 'signature' || failedIntent === 'remove-signature' ? null : failed;
  const saving = useSubmittingIntent('save');
  const [form, fields] = useForm<BillingProfileBody>({
    // A new id when the registration address is asked for makes conform take the new defaults.
    id: useRegistration ? 'billing-form-registration' : 'billing-form',
    lastResult: profileFailed?.result,
    defaultValue: profile ? { ...profile, ...(useRegistration ? registered : {}) } : {
      ...registered,
      legalName: firmName,
      paymentTermsDays: BILLING_DEFAULTS.paymentTermsDays,
      proposalValidityDays: BILLING_DEFAULTS.proposalValidityDays,
      itemTaxes: Object.fromEntries(PRICED_ITEM_TYPES.map((type) => [type, { rateBp: BILLING_DEFAULTS.rateBp, hsnSac: '' }])),
      upiLimit: BILLING_DEFAULTS.upiLimit,
    },
    ...SERVER_VALIDATION,
  });
  const taxes = fields.itemTaxes.getFieldset();

  return (
    <>
      <PageHeader
        title="Billing profile"
        description="What your proposals and tax invoices print, and how invoices are numbered."
        actions={
          <Link to="/workspace/setting" className="button button-ghost">
            Back to Setting
          </Link>
        }
      />
      {offerRegistration ? (
        <section className="cb-card" aria-labelledby="registration-address-title" data-testid="registration-address">
          <h2 id="registration-address-title">Your registration address</h2>
          <p style={{ whiteSpace: 'pre-line' }}>
            {registration.address}
            {registration.state ? `, ${registration.state}` : ''}
          </p>
          {useRegistration ? (
            <p role="status">It is in the form below: save the billing profile to keep it.</p>
          ) : (
            <Form method="get">
              <input type="hidden" name="address" value="registration" />
              <button type="submit" className="button button-secondary" data-testid="use-registration-address">
                Use the registration address
              </button>
            </Form>
          )}
        </section>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="cb-settings" data-testid="billing-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <StaleValues actionData={actionData} fields={SHOWN} />
        <VersionField read={profile?.version} actionData={actionData} />
        <SellerFieldsets fields={fields} states={states} title="The firm" gstHint="Clients in this state are charged CGST + SGST; clients elsewhere IGST." />

        <section className="cb-card" aria-labelledby="billing-documents-title">
          <h2 id="billing-documents-title">Invoices and proposals</h2>
          <TextField label="Invoice number prefix" meta={fields.invoicePrefix} hint="1 to 4 capital letters or digits: MSA gives MSA/2026-27/0001. GST allows 16 characters in all." autoComplete="off" maxLength={4} />
          <TextField label="Proposal validity (days)" meta={fields.proposalValidityDays} type="number" min={1} max={365} />
          <label className="checkbox ws-check" htmlFor={fields.reverseCharge.id}>
            <input {...getInputProps(fields.reverseCharge, { type: 'checkbox' })} data-testid="reverse-charge" />
            <span>
              Tax on our invoices is payable on reverse charge <span className="muted">— invoices print “Tax payable on reverse charge: Yes” (CGST rule 46(p))</span>
            </span>
          </label>
          <label className="checkbox ws-check" htmlFor={fields.roundOff.id}>
            <input {...getInputProps(fields.roundOff, { type: 'checkbox' })} data-testid="round-off" />
            <span>
              Round invoice totals to the rupee <span className="muted">— an issued tax invoice shows a round-off line of at most 50 paise</span>
            </span>
          </label>
          <Field label="UPI limit" meta={fields.upiLimit} hint="Above this amount an invoice prints no UPI code for the whole amount: it asks for a bank transfer or payment in parts.">
            <select {...getSelectProps(fields.upiLimit)}>
              {UPI_LIMIT_CHOICES.map((paise) => (
                <option key={paise} value={paise}>
                  {formatPrice(paise)}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Proposal terms" meta={fields.proposalTerms}>
            <textarea {...getTextareaProps(fields.proposalTerms)} rows={4} />
          </Field>
          <h3>GST by item type</h3>
          {PRICED_ITEM_TYPES.map((type) => {
            const tax = taxes[type].getFieldset();
            return (
              <div key={type} className="ws-form-pair" data-testid={`item-tax-${type}`}>
                <RateSelect meta={tax.rateBp} label={`${PRICED_ITEM_TYPE_LABELS[type]}: GST rate`} />
                <TextField label={`${PRICED_ITEM_TYPE_LABELS[type]}: HSN/SAC code`} meta={tax.hsnSac} inputMode="numeric" autoComplete="off" hint="Optional: 4, 6 or 8 digits." />
              </div>
            );
          })}
        </section>
        <PanelActions intent="save" busy={saving} label="Save billing profile" busyLabel="Saving…" testId="save-billing" />
      </Form>
      <SignatureSection saved={profile !== null} signature={signature} name={profile?.legalName ?? firmName} lastResult={(failedIntent === 'signature' ? failed?.result : undefined) as never} />
      <Toast toast={failed?.toast} />
    </>
  );
}

/**
 * CGST rule 46(q), decision 402: the signature its tax invoices, credit notes and receipts print
 * above "Authorised signatory". Its own multipart form (a plain post without JavaScript), and a
 * Remove button; there is none to add before the profile is first saved.
 */
function SignatureSection({ saved, signature, name, lastResult }: { saved: boolean; signature: string | null; name: string; lastResult: never }) {
  const uploading = useSubmittingIntent('signature');
  const removing = useSubmittingIntent('remove-signature');
  const [form, fields] = useForm<{ file: File }>({ id: 'signature-upload', lastResult, ...SERVER_VALIDATION });
  return (
    <section className="cb-card cb-settings" aria-labelledby="signature-title" id="signature" data-testid="signature-section">
      <h2 id="signature-title">Signature on documents</h2>
      <p className="muted">Printed above “Authorised signatory” on every tax invoice, credit note and receipt (CGST rule 46(q)). Without one, documents have a line to sign on and say: “{DIGITALLY_SIGNED_TEXT}”</p>
      {!saved ? (
        <p data-testid="signature-needs-profile">Save the billing profile first, then add its signature.</p>
      ) : (
        <>
          {signature ? (
            <figure className="cb-signature" data-testid="signature-preview">
              <img src={signature} alt={`Signature for ${name}`} />
              <figcaption className="muted">As your documents print it.</figcaption>
            </figure>
          ) : (
            <p data-testid="signature-none">No signature image: documents say they are digitally signed.</p>
          )}
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)} data-testid="signature-form">
            <FormErrors id={form.errorId} errors={form.errors} />
            <Field label={signature ? 'New signature image' : 'Signature image'} meta={fields.file} hint={`JPEG or PNG, at most ${SIGNATURE_MAX_BYTES / 1024 / 1024} MB: a scan or photo of the signature on white paper, or a PNG with a transparent background.`}>
              <input {...getInputProps(fields.file, { type: 'file' })} accept=".jpg,.jpeg,.png,image/jpeg,image/png" />
            </Field>
            <PanelActions intent="signature" busy={uploading} label="Upload signature" busyLabel="Uploading…" testId="upload-signature" />
          </Form>
          {signature ? (
            <Form method="post" data-testid="remove-signature-form">
              <PanelActions intent="remove-signature" busy={removing} label="Remove signature" busyLabel="Removing…" variant="danger" testId="remove-signature" />
            </Form>
          ) : null}
        </>
      )}
    </section>
  );
}
