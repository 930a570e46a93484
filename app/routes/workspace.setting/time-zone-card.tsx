import { getFormProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { StaleValues, VersionField, type ShownValue, type WithStale } from '~/components/record-version';
import { Form } from '@remix-run/react';
import { Field, FormErrors } from '~/components/field';
import { PanelActions } from '~/components/form-actions';
import { SERVER_VALIDATION, useSubmittingIntent } from '~/components/form-intents';
import type { TimeZoneBody } from '../../../server/contract/settings';

/**
 * The firm's time zone (decision 265): every date its people see, the CSV and PDF files and the
 * mails follow it. The choices come from the server's list, so the page hydrates unchanged.
 */
const ZONE_SHOWN: ShownValue[] = [{ key: 'timeZone', label: 'Time zone', show: (zone) => String(zone).replace(/_/g, ' ') }];

export function TimeZoneCard({
  timeZone,
  version,
  choices,
  lastResult,
  actionData,
}: {
  timeZone: string;
  /** The version of the firm's setting read, which a save names (docs/decisions/320). */
  version: number;
  choices: string[];
  lastResult: SubmissionResult<string[]> | null;
  actionData?: WithStale;
}) {
  const saving = useSubmittingIntent('timeZone');
  const [form, fields] = useForm<TimeZoneBody>({ id: 'time-zone-form', lastResult, defaultValue: { timeZone }, ...SERVER_VALIDATION });
  return (
    <section className="cb-card" aria-labelledby="time-zone-title" data-testid="time-zone-card">
      <h2 id="time-zone-title">Time zone</h2>
      <Form method="post" {...getFormProps(form)}>
        <VersionField read={version} actionData={actionData} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <StaleValues actionData={actionData} fields={ZONE_SHOWN} id="time-zone-stale" />
        <Field label="Time zone" meta={fields.timeZone} hint="Dates on your pages, in exported files and in mails, for you and your employees.">
          <select {...getSelectProps(fields.timeZone)} data-testid="time-zone">
            {choices.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </Field>
        <PanelActions intent="timeZone" busy={saving} label="Save time zone" busyLabel="Saving…" variant="ghost" testId="save-time-zone" />
      </Form>
    </section>
  );
}
