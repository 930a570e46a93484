import type { StaleNotice } from '~/utils/stale';

/**
 * The two halves of a versioned edit form on the page (docs/decisions/320): the hidden `version`
 * the form was read at, and after a save that lost to someone else's, the values the record now
 * has beside the form (which keeps what this person typed). The form's own errors say who changed
 * it and when (app/utils/forms.server.ts).
 */

export type WithStale = { stale?: StaleNotice | null } | null | undefined;

/** The version a form sends: the record's current one after a stale save (so saving again keeps what was typed), else the one it was read at. */
export function versionToSend(read: number | null | undefined, actionData?: WithStale): number {
  const current = actionData?.stale?.current.version;
  return typeof current === 'number' ? current : (read ?? 0);
}

/** The hidden `version` of an edit form; keyed by it, so a newer version replaces the input's value. */
export function VersionField({ read, actionData }: { read: number | null | undefined; actionData?: WithStale }) {
  const version = versionToSend(read, actionData);
  return <input key={version} type="hidden" name="version" defaultValue={version} />;
}

/** One shown value: the field's key in the record, its label, and how it reads (default: as text). */
export type ShownValue = { key: string; label: string; show?: (value: unknown) => string };

const asText = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value));

/** The record's current values after a stale save, under the form's error that names who changed it. */
export function StaleValues({ actionData, fields, id = 'stale-values' }: { actionData?: WithStale; fields: ShownValue[]; id?: string }) {
  const stale = actionData?.stale;
  if (!stale) return null;
  return (
    <section className="stale-values" aria-labelledby={`${id}-title`} data-testid="stale-values">
      <h2 id={`${id}-title`}>The current values</h2>
      <dl>
        {fields.map((field) => (
          <div key={field.key}>
            <dt>{field.label}</dt>
            <dd>{(field.show ?? asText)(stale.current[field.key])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
