import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import { HoneypotInputs, HoneypotProvider } from './honeypot';
import type { HoneypotInputProps } from 'remix-utils/honeypot/server';
import { Field, FormErrors } from '~/components/field';
import { PanelActions } from '~/components/form-actions';
import { SERVER_VALIDATION, useSaving } from '~/components/form-intents';
import { ProjectTypeOptions } from '~/components/project-type-select';
import { ENQUIRY_LIMITS } from '../../server/contract/leads-rules';

/** What the enquiry form needs from its page: the firm (and project) it writes to, the visitor's defaults, the honeypot. */
export type EnquiryFormProps = {
  firmId: string;
  projectId?: string;
  /** The signed-in visitor's name and email, so they need not type them. */
  defaults: { name: string; email: string };
  honeypot: HoneypotInputProps;
  /** The api's form token for this firm, issued with a page that opened the popup; empty when it opened in place. */
  formToken: string;
  lastResult?: SubmissionResult<string[]> | null;
};

/** The form token a refused post carried, if any. */
function sentToken(lastResult: SubmissionResult<string[]> | null | undefined): string | undefined {
  const value = (lastResult?.initialValue as Record<string, unknown> | undefined)?.formToken;
  return typeof value === 'string' && value ? value : undefined;
}

type EnquiryFields = { name: string; email: string; phone: string; projectType: string; message: string };

/**
 * The enquiry form of the Contact popup: name, email, phone, project type and
 * message, with the api's messages after a post. A plain form post: it works without JavaScript.
 * The hidden honeypot fields catch bots (the web drops their posts).
 */
export function EnquiryForm({ firmId, projectId, defaults, honeypot, formToken, lastResult }: EnquiryFormProps) {
  const saving = useSaving();
  const token = useFetcher<{ formToken: string }>();
  const needsToken = !formToken && !sentToken(lastResult);
  useEffect(() => {
    if (needsToken && token.state === 'idle' && !token.data) token.load(`/resources/enquiry-token/${encodeURIComponent(firmId)}`);
  }, [needsToken, token, firmId]);
  const [form, fields] = useForm<EnquiryFields>({
    id: 'enquiry-form',
    lastResult,
    defaultValue: { name: defaults.name, email: defaults.email },
    ...SERVER_VALIDATION,
  });
  return (
    <HoneypotProvider {...honeypot}>
      <Form method="post" {...getFormProps(form)} className="enquiry-form" data-testid="enquiry-form" preventScrollReset>
        <input type="hidden" name="firmId" value={firmId} />
        {projectId ? <input type="hidden" name="projectId" value={projectId} /> : null}
        {/* After a refused post the token sent stays: it was not used, and it is older than the page's new one. */}
        <input type="hidden" name="formToken" value={sentToken(lastResult) ?? (formToken || token.data?.formToken || '')} />
        <HoneypotInputs label="Please leave this field blank" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="enquiry-row">
          <Field label="Name" meta={fields.name}>
            <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="name" maxLength={ENQUIRY_LIMITS.name} />
          </Field>
          <Field label="Email" meta={fields.email}>
            <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" maxLength={ENQUIRY_LIMITS.email} />
          </Field>
        </div>
        <div className="enquiry-row">
          <Field label="Phone (optional)" meta={fields.phone}>
            <input {...getInputProps(fields.phone, { type: 'tel' })} autoComplete="tel" inputMode="tel" placeholder="10-digit number" />
          </Field>
          <Field label="Project type" meta={fields.projectType}>
            <select {...getSelectProps(fields.projectType)}>
              <ProjectTypeOptions />
            </select>
          </Field>
        </div>
        <Field label="Message" meta={fields.message} hint={`What you are planning, where and when (${ENQUIRY_LIMITS.messageMin} to ${ENQUIRY_LIMITS.message} characters).`}>
          <textarea {...getTextareaProps(fields.message)} rows={5} maxLength={ENQUIRY_LIMITS.message} />
        </Field>
        <PanelActions intent="enquiry" busy={saving} label="Send enquiry" busyLabel="Sending…" testId="send-enquiry" />
      </Form>
    </HoneypotProvider>
  );
}
