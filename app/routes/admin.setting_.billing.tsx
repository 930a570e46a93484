import { getFormProps, useForm } from '@conform-to/react';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { AdminPage } from '~/components/admin-page';
import { SellerFieldsets } from '~/components/billing/seller-fields';
import { RateSelect } from '~/components/billing/tax-selects';
import { FormErrors } from '~/components/field';
import { PanelActions } from '~/components/form-actions';
import { SERVER_VALIDATION, useSubmittingIntent } from '~/components/form-intents';
import { TextField } from '~/components/text-field';
import { getPlatformBilling, savePlatformBilling } from '~/models/admin.server';
import { required, submitForm } from '~/utils/form-action.server';
import { readFormData } from '~/utils/form-data.server';
import { requireAdmin } from '~/utils/guards.server';
import { stateNames } from '~/utils/places.server';
import { pageTitle } from '~/utils/product';
import { redirectWithSuccess } from '~/utils/toast.server';
import adminStyles from '~/styles/admin-areas.css';
import settingStyles from '~/styles/setting.css';
import { PlatformBillingChanges, type PlatformBillingBody } from '../../server/contract/platform-billing';
import { StaleValues, VersionField } from '~/components/record-version';
import { SELLER_SHOWN } from '~/components/billing/seller-fields';
import { PLATFORM_BILLING_MESSAGES, SUBSCRIPTION_DEFAULTS } from '../../server/contract/platform-billing-rules';
import { PRICE_PAISE_PER_YEAR } from '../../server/contract/subscription-rules';
import { formatPrice } from '../../server/contract/money-text';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Billing profile', 'admin') }, { name: 'description', content: "The platform's billing profile: what its subscription invoices print." }];
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: adminStyles },
  { rel: 'stylesheet', href: settingStyles },
];

const HERE = '/admin/setting/billing';

/**
 * Setting → Billing profile (docs/decisions/287): the platform's legal name,
 * GSTIN, bank account and UPI ID, how its invoices are numbered, and the subscription's GST rate and
 * SAC. Until it is saved, Continue on a firm's Pricing page records the request without an invoice.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ profile: await required(getPlatformBilling(request)), states: stateNames('India') });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  return submitForm(await readFormData(request), {
    schema: PlatformBillingChanges,
    intent: 'save',
    send: (profile) => savePlatformBilling(request, profile),
    done: () => redirectWithSuccess(HERE, PLATFORM_BILLING_MESSAGES.saved),
  });
}

export default function PlatformBillingPage() {
  const { profile, states } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const saving = useSubmittingIntent('save');
  const [form, fields] = useForm<PlatformBillingBody>({
    id: 'platform-billing-form',
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    defaultValue: profile ?? { paymentTermsDays: 7, subscription: { ...SUBSCRIPTION_DEFAULTS } },
    ...SERVER_VALIDATION,
  });
  const subscription = fields.subscription.getFieldset();
  return (
    <AdminPage
      title="Billing profile"
      description={
        <>
          What the platform&apos;s subscription invoices print. <Link to="/admin/setting">Back to Setting</Link>
        </>
      }
    >
      {profile ? null : (
        <p className="admin-panel admin-notice" data-testid="platform-billing-missing">
          Not set yet: a firm that chooses Continue is recorded, and gets its invoice only once this profile is saved.
        </p>
      )}
      <Form method="post" {...getFormProps(form)} className="cb-settings" data-testid="platform-billing-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <StaleValues actionData={actionData && 'result' in actionData ? actionData : null} fields={SELLER_SHOWN} />
        <VersionField read={profile?.version} actionData={actionData && 'result' in actionData ? actionData : null} />
        <SellerFieldsets fields={fields} states={states} title="The platform" gstHint="Firms in this state are charged CGST + SGST; firms elsewhere IGST." />
        <section className="cb-card" aria-labelledby="platform-invoices-title">
          <h2 id="platform-invoices-title">Subscription invoices</h2>
          <TextField label="Invoice number prefix" meta={fields.invoicePrefix} hint="1 to 4 capital letters or digits: ARC gives ARC/2026-27/0001. GST allows 16 characters in all." autoComplete="off" maxLength={4} />
          <p className="muted">The yearly subscription is {formatPrice(PRICE_PAISE_PER_YEAR)} before GST.</p>
          <div className="ws-form-pair">
            <RateSelect meta={subscription.rateBp} />
            <TextField label="SAC code" meta={subscription.hsnSac} inputMode="numeric" autoComplete="off" hint="998315: hosting and IT infrastructure." />
          </div>
        </section>
        <PanelActions intent="save" busy={saving} label="Save billing profile" busyLabel="Saving…" testId="save-platform-billing" />
      </Form>
    </AdminPage>
  );
}
