import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react';
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { ListTable, NumCell } from '~/components/data-table';
import { Field, FormErrors } from '~/components/field';
import { PanelActions } from '~/components/form-actions';
import { SERVER_VALIDATION, useSubmittingIntent } from '~/components/form-intents';
import { TextField } from '~/components/text-field';
import { PageHeader } from '~/components/workspace/page-header';
import { getTdsReport, matchForm26as, recordTdsCertificate, uploadForm26as } from '~/models/invoices.server';
import { required, submitForm } from '~/utils/form-action.server';
import { parseUploadForm, TOO_LARGE } from '~/utils/uploads.server';
import { z } from 'zod/v4';
import { requireWorkspaceUser } from '~/utils/guards.server';
import { dispatchIntent } from '~/utils/intent.server';
import { pageTitle } from '~/utils/product';
import { redirectWithSuccess } from '~/utils/toast.server';
import outputStyles from '~/styles/summary-output.css';
import { formatCalendarDay } from '../../server/contract/dates';
import { formatPaise } from '../../server/contract/money-text';
import { TDS_MESSAGES, TDS_STATEMENT_MAX_BYTES, TdsCertificateForm, type TdsReport } from '../../server/contract/tds';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'TDS') }, { name: 'description', content: 'TDS deducted by clients, certificates received and missing, by quarter.' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: outputStyles }];

/**
 * TDS by client and quarter (docs/decisions/415, 416): what clients deducted on their payments, the
 * Form 16A certificates received and what is missing, with each quarter's due dates; a certificate
 * recorded, and a Form 26AS or AIS download pasted to compare with what clients reported. Plain
 * posts: it works without JavaScript. The firm and its sub-admins (the api answers 403 to others).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const fy = new URL(request.url).searchParams.get('fy') || undefined;
  return json(await required(getTdsReport(request, fy)));
}

/**
 * The Compare form: the downloaded file (decision 383) or its text pasted; a file above 1 MB is
 * refused on its field here, before it goes on to the api (which checks its kind and reads it).
 */
const StatementFields = z
  .object({ fy: z.string().trim().optional(), text: z.string().max(1_000_000, TDS_MESSAGES.statement).optional(), file: z.unknown().optional() })
  .superRefine((v, ctx) => {
    if (v.file === TOO_LARGE) ctx.addIssue({ code: 'custom', path: ['file'], message: TDS_MESSAGES.fileTooLarge });
    else if (!(v.file instanceof File) && !v.text?.trim()) ctx.addIssue({ code: 'custom', path: ['text'], message: TDS_MESSAGES.statement });
  });

export async function action({ request }: ActionFunctionArgs) {
  await requireWorkspaceUser(request);
  const here = new URL(request.url);
  return dispatchIntent(await parseUploadForm(request, { maxFileBytes: TDS_STATEMENT_MAX_BYTES, maxFiles: 1 }), {
    certificate: (formData) => submitForm(formData, { schema: TdsCertificateForm, intent: 'certificate', send: (body) => recordTdsCertificate(request, body), done: (reply) => redirectWithSuccess(`${here.pathname}${here.search}`, reply.message) }),
    statement: (formData) =>
      submitForm(formData, {
        schema: StatementFields,
        intent: 'statement',
        send: ({ fy, text, file }) => (file instanceof File ? uploadForm26as(request, file, fy) : matchForm26as(request, { fy, text: text ?? '' })),
        done: (reply) => json({ matched: reply.data }),
      }),
  });
}

const day = (iso: string) => formatCalendarDay(iso);

function ReportTable({ report }: { report: TdsReport }) {
  const compared = report.rows.some((r) => r.reported !== null);
  const heads = ['Quarter', 'Client', 'TAN', { label: 'Deducted', className: 'num' }, 'Certificates', { label: 'Missing', className: 'num' }, ...(compared ? [{ label: 'In Form 26AS', className: 'num' }] : []), 'Due'];
  return (
    <ListTable
      label="TDS by client and quarter"
      testId="tds-table"
      columns={heads}
      foot={
        <tr>
          <td colSpan={3}>Total</td>
          <NumCell label="Deducted">{formatPaise(report.totals.deducted)}</NumCell>
          <td data-label="Certificates">{formatPaise(report.totals.certified)}</td>
          <NumCell label="Missing">{formatPaise(report.totals.missing)}</NumCell>
          {compared ? <td /> : null}
          <td />
        </tr>
      }
    >
      {report.rows.map((r) => (
        <tr key={`${r.contactId ?? r.clientName} ${r.quarter}`} data-testid="tds-row">
          <td data-label="Quarter">{r.quarterLabel}</td>
          <td data-label="Client">{r.clientName}</td>
          <td data-label="TAN">{r.tan || '—'}</td>
          <NumCell label="Deducted">{formatPaise(r.deducted)}</NumCell>
          <td data-label="Certificates">
            {r.certificates.length
              ? r.certificates.map((c) => (
                  <div key={c.id}>
                    {c.number}, {day(c.issuedOn)}, {formatPaise(c.amount)}
                  </div>
                ))
              : 'None yet'}
          </td>
          <NumCell label="Missing">{r.missing ? <strong>{formatPaise(r.missing)}</strong> : formatPaise(0)}</NumCell>
          {compared ? <NumCell label="In Form 26AS">{r.reported === null ? 'No TAN' : formatPaise(r.reported)}</NumCell> : null}
          <td data-label="Due">
            Return {day(r.returnDue)}; Form 16A {day(r.certificateDue)}
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

function CertificateForm({ report, lastResult }: { report: TdsReport; lastResult: never }) {
  const busy = useSubmittingIntent('certificate');
  const quarters = [1, 2, 3, 4].map((q) => `${report.fy} Q${q}`);
  const [form, fields] = useForm<{ contactId: string; quarter: string; number: string; issuedOn: string; amount: string; tan: string }>({ id: 'certificate', lastResult, defaultValue: { quarter: quarters[0] }, ...SERVER_VALIDATION });
  return (
    <Form method="post" {...getFormProps(form)} className="so-board-section" data-testid="certificate-form">
      <h2>Record a certificate</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="Client" meta={fields.contactId}>
        <select {...getSelectProps(fields.contactId)}>
          <option value="">Choose…</option>
          {report.clients.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Quarter" meta={fields.quarter}>
        <select {...getSelectProps(fields.quarter)}>
          {quarters.map((q) => (
            <option key={q} value={q}>
              {q}
            </option>
          ))}
        </select>
      </Field>
      <TextField label="Certificate number (Form 16A)" meta={fields.number} />
      <TextField label="Date on the certificate" meta={fields.issuedOn} type="date" />
      <TextField label="TDS on the certificate (₹)" meta={fields.amount} inputMode="decimal" />
      <TextField label="Client's TAN" meta={fields.tan} hint="As printed on the certificate, e.g. MUMA12345B" />
      <PanelActions intent="certificate" busy={busy} label="Record certificate" busyLabel="Recording…" testId="record-certificate" />
    </Form>
  );
}

function StatementForm({ fy, lastResult }: { fy: string; lastResult: never }) {
  const busy = useSubmittingIntent('statement');
  const [form, fields] = useForm<{ text: string; fy: string; file: File }>({ id: 'statement', lastResult, ...SERVER_VALIDATION });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="so-board-section" data-testid="statement-form">
      <h2>Compare with Form 26AS</h2>
      <p className="so-meta">On the income-tax site (TRACES), download Form 26AS as text (the ZIP it comes in is taken as it is unless it is password-protected: then unzip it first, its password is the date of birth or incorporation), or the AIS TDS details as CSV, and upload the file, or paste its text. Nothing is stored: the comparison shows below.</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="fy" value={fy} />
      <Field label="Form 26AS file (.txt or .zip) or AIS CSV" meta={fields.file} hint="At most 1 MB">
        <input {...getInputProps(fields.file, { type: 'file' })} accept=".txt,.zip,.csv,text/plain,text/csv,application/zip" />
      </Field>
      <Field label="Form 26AS text or AIS CSV" meta={fields.text} hint="Or paste the file's text here">
        <textarea {...getTextareaProps(fields.text)} rows={8} spellCheck={false} />
      </Field>
      <PanelActions intent="statement" busy={busy} label="Compare" busyLabel="Comparing…" variant="ghost" testId="compare-26as" />
    </Form>
  );
}

export default function TdsPage() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>() as { matched?: TdsReport; intent?: string; result?: never } | undefined;
  const report = acted?.matched ?? loaded;
  const failed = acted && !acted.matched ? acted : undefined;
  return (
    <>
      <PageHeader title="TDS" description={`Tax your clients deducted at source in ${report.fy}, the certificates (Form 16A) they sent, and what is still missing. Never a credit note for TDS: the invoice settles on what arrived plus the TDS.`} />
      <Form method="get" className="so-filter" aria-label="Financial year">
        <div className="field">
          <label htmlFor="tds-fy">Financial year</label>
          <input id="tds-fy" name="fy" defaultValue={report.fy} pattern="\d{4}-\d{2}" inputMode="numeric" />
        </div>
        <button type="submit" className="button button-secondary">
          Show
        </button>
      </Form>
      {report.rows.length ? <ReportTable report={report} /> : <p data-testid="tds-empty">No TDS recorded on payments in {report.fy} yet. Record it with the payment: the amount received and the TDS the client deducted.</p>}
      {report.unmatched.length ? (
        <section className="so-board-section" aria-labelledby="tds-unmatched">
          <h2 id="tds-unmatched">In Form 26AS, not on any payment</h2>
          <ul data-testid="tds-unmatched">
            {report.unmatched.map((u) => (
              <li key={`${u.tan} ${u.quarter}`}>
                {u.deductorName} ({u.tan}), {u.quarter}: {formatPaise(u.deducted)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {report.problems.length ? (
        <ul role="alert" data-testid="tds-problems">
          {report.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <div className="rc-pair">
        <CertificateForm report={report} lastResult={(failed?.intent === 'certificate' ? failed.result : undefined) as never} />
        <StatementForm fy={report.fy} lastResult={(failed?.intent === 'statement' ? failed.result : undefined) as never} />
      </div>
    </>
  );
}
