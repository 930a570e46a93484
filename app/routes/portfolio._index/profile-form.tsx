import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link, useNavigation } from '@remix-run/react';
import { lazy, Suspense, useEffect, useRef, useState, type MutableRefObject } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Avatar } from '~/components/avatar';
import { ErrorList, Field, FormErrors } from '~/components/field';
import { FirmTypeSelect } from '~/components/firm-type-select';
import { FieldRows } from '~/components/field-rows';
import { PlaceSelects, type PlaceOptionLists } from '~/components/place-selects';
import type { UpdateProfileInput } from '../../../server/contract/profile';
import { PROFILE_CHECKS, PROFILE_TEAMS_MAX, TEAMS_MAX_MESSAGE } from '../../../server/contract/profile-rules';
import { UPLOAD_RULES } from '../../../server/contract/upload-rules';
import { browserValidation, BROWSER_VALIDATION, SUBMIT_WITHOUT_BLUR } from '~/utils/browser-validation';
import { fileProblem } from '~/utils/file-sniff';

/** react-easy-crop is fetched only when a photo is chosen. */
const PhotoCrop = lazy(() => import('~/components/photo-crop'));

type ProfileFields = UpdateProfileInput & { photo?: File; x?: string; y?: string; size?: string };

export type ProfileDefaults = {
  firmName: string;
  firmType: string;
  country: string;
  state: string;
  city: string;
  contactNo: string;
  businessEmail: string;
  website: string;
  userDetails: string;
  teams: Array<{ name: string; role: string }>;
};

function PhotoField({
  current,
  name,
  meta,
  problem,
  onChecked,
}: {
  current: string | null;
  name: string;
  meta: { id: string; errorId: string; errors?: string[] };
  /** What is wrong with the chosen photo (type by its first bytes, size), read by the form's checks. */
  problem: MutableRefObject<string | null>;
  /** Called once a chosen photo has been looked at, to show or clear its error. */
  onChecked: () => void;
}) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<string | null>(null);
  const [area, setArea] = useState<{ x: number; y: number; size: number } | null>(null);
  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen)), [chosen]);
  return (
    <div className="field photo-field">
      <label htmlFor={meta.id}>Photo</label>
      <div className="photo-row">
        {chosen ? null : <Avatar src={current} name={name} size={88} />}
        <div className="photo-input">
          <input
            id={meta.id}
            name="photo"
            type="file"
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            className="file-input"
            aria-invalid={meta.errors?.length ? true : undefined}
            aria-describedby={meta.errors?.length ? meta.errorId : `${meta.id}-hint`}
            data-testid="photo-input"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              setArea(null);
              // A wrong file (a GIF, a text file named .png) is refused at once, before any crop view.
              problem.current = file ? await fileProblem(file, UPLOAD_RULES.profilePhoto) : null;
              setChosen(file && !problem.current ? URL.createObjectURL(file) : null);
              onChecked();
            }}
          />
          <p id={`${meta.id}-hint`} className="field-hint">
            JPG or PNG. {hydrated ? 'Drag and zoom to choose the square to keep.' : 'The photo is cropped to a centred square.'}
          </p>
        </div>
      </div>
      {chosen ? (
        <Suspense fallback={<div className="photo-crop photo-crop-loading">Loading…</div>}>
          <PhotoCrop src={chosen} onChange={setArea} />
        </Suspense>
      ) : null}
      {area ? (
        <>
          <input type="hidden" name="x" value={area.x} />
          <input type="hidden" name="y" value={area.y} />
          <input type="hidden" name="size" value={area.size} />
        </>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** The profile edit form of the `?dialog=profile` popup. */
export function ProfileForm({
  defaults,
  lastResult,
  options,
  photo,
  closeTo,
  loginEmail,
  changeEmailHref,
}: {
  defaults: ProfileDefaults;
  lastResult?: SubmissionResult<string[]> | null;
  options: PlaceOptionLists;
  photo: string | null;
  closeTo: string;
  /** Shown, not edited: it changes through its own popup (password, then a code to the new address). */
  loginEmail: string;
  changeEmailHref: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('__intent__') == null;
  const photoProblem = useRef<string | null>(null);
  const [form, fields] = useForm<ProfileFields>({
    id: 'profile-form',
    lastResult,
    defaultValue: { ...defaults, teams: defaults.teams.length ? defaults.teams : [{ name: '', role: '' }] },
    // Checked in the browser with the api's messages (decision 155): a submit shows every error at
    // once and each clears as its field becomes valid; rows are added and removed in place. The
    // action checks again and decides.
    ...BROWSER_VALIDATION,
    onValidate: browserValidation(PROFILE_CHECKS, (): Record<string, string[]> => (photoProblem.current ? { photo: [photoProblem.current] } : {})),
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="profile-form" data-testid="profile-form">
      <input type="hidden" name="intent" value="profile" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <PhotoField
        current={photo}
        name={defaults.firmName}
        meta={fields.photo}
        problem={photoProblem}
        onChecked={() => form.validate({ name: fields.photo.name })}
      />
      <div className="form-grid">
        <Field label="Firm name" meta={fields.firmName}>
          <input {...getInputProps(fields.firmName, { type: 'text' })} autoComplete="organization" />
        </Field>
        <FirmTypeSelect meta={fields.firmType} />
      </div>
      <PlaceSelects
        fields={{ country: fields.country, state: fields.state, city: fields.city }}
        options={options}
        refreshButton={form.validate.getButtonProps({ name: fields.country.name })}
      />
      <div className="form-grid">
        <Field label="Contact no" meta={fields.contactNo}>
          {/* type=text: HTML allows "tel-national" (the 10 digits without +91) on a text box, not on type=tel. */}
          <input {...getInputProps(fields.contactNo, { type: 'text' })} inputMode="numeric" autoComplete="tel-national" placeholder="10 digits" />
        </Field>
        <Field label="Business email (shown to visitors)" meta={fields.businessEmail}>
          <input {...getInputProps(fields.businessEmail, { type: 'email' })} autoComplete="email" data-testid="business-email-input" />
        </Field>
        <div className="field">
          <span className="field-label" id="login-email-label">
            Login email
          </span>
          <p className="login-email">
            <span data-testid="login-email">{loginEmail}</span>{' '}
            <Link to={changeEmailHref} replace preventScrollReset className="link" data-testid="change-login-email">
              Change login email
            </Link>
          </p>
        </div>
        <Field label="Website (optional)" meta={fields.website}>
          <input {...getInputProps(fields.website, { type: 'url' })} placeholder="https://" autoComplete="url" />
        </Field>
      </div>
      <Field label="Details" meta={fields.userDetails}>
        <textarea {...getTextareaProps(fields.userDetails)} rows={4} />
      </Field>
      <fieldset className="rows-fieldset">
        <legend>Teams</legend>
        <FieldRows
          form={form}
          rows={fields.teams}
          second={{ key: 'role', label: 'Role' }}
          testId="team-rows"
          removeLabel={(index) => `Remove team member ${index + 1}`}
          addLabel="+ Add team member"
          keepOne
          max={{ count: PROFILE_TEAMS_MAX, message: TEAMS_MAX_MESSAGE }}
        />
      </fieldset>
      <div className="form-actions">
        <Link to={closeTo} replace preventScrollReset className="button button-ghost">
          Cancel
        </Link>
        <button type="submit" className="button button-primary" disabled={saving} {...SUBMIT_WITHOUT_BLUR}>
          {saving ? 'Saving…' : 'Save profile'}
        </button>
      </div>
    </Form>
  );
}
