import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react';
import { Link, useFetcher, useLocation, useNavigate } from '@remix-run/react';
import type { SerializeFrom } from '@remix-run/node';
import { useEffect, useRef } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { PasswordField } from '~/components/credential-fields';
import { CloseLink } from '~/components/dialog';
import { FirmTypeSelect } from '~/components/firm-type-select';
import { ErrorList, Field, FormErrors } from '~/components/field';
import { PlaceSelects } from '~/components/place-selects';
import { Toast } from '~/components/toast';
import { browserValidation, BROWSER_VALIDATION, SUBMIT_WITHOUT_BLUR } from '~/utils/browser-validation';
import { fileProblem } from '~/utils/file-sniff';
import { pathWithoutDialog, type RegisterFirmDialogData, type RegisterFirmFormInput, type RegisterFirmReply } from '~/utils/register-firm';
import { DOCUMENT_ACCEPT, DOCUMENT_REQUIRED_MESSAGE, REGISTER_FIRM_CHECKS, VERIFICATION_PROMISE } from '../../server/contract/firm-registration-rules';
import { UPLOAD_RULES } from '../../server/contract/upload-rules';

/**
 * The register-firm dialog (spec: Register-firm dialog), rendered by the root over the current page
 * when the URL has `?dialog=register-firm`. Without JavaScript it is server-rendered HTML whose form
 * posts (multipart) to /resources/register-firm and comes back here with its errors; with JavaScript
 * the same form is a fetcher, the page stays, and a success closes the dialog (the action redirects
 * to the page without the dialog, with a toast).
 */
export function RegisterFirmDialog({ data }: { data: SerializeFrom<RegisterFirmDialogData> }) {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const closeTo = pathWithoutDialog(location.pathname, location.search);
  const fetcher = useFetcher<RegisterFirmReply>({ key: 'register-firm' });
  const reply = fetcher.data && 'result' in fetcher.data ? fetcher.data : null;
  // What is wrong with the chosen document (its first bytes and size), once read; null when nothing is.
  const documentProblem = useRef<string | null>(null);
  const [form, fields] = useForm<RegisterFirmFormInput>({
    id: 'register-firm-form',
    lastResult: reply?.result ?? data.lastResult ?? undefined,
    defaultValue: data.defaultValue,
    // Checked in the browser with the api's messages (decision 155): a submit shows every error at
    // once, and each clears as its field becomes valid. The action checks again and decides.
    ...BROWSER_VALIDATION,
    onValidate: browserValidation(REGISTER_FIRM_CHECKS, (formElement, payload): Record<string, string[]> => {
      if (documentProblem.current) return { documentURL: [documentProblem.current] };
      const chosen = formElement.elements.namedItem('document');
      const hasFile = chosen instanceof HTMLInputElement && Boolean(chosen.files?.length);
      return hasFile || payload.documentURL ? {} : { documentURL: [DOCUMENT_REQUIRED_MESSAGE] };
    }),
  });
  const busy = fetcher.state !== 'idle';
  const panel = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const documentURL = typeof fields.documentURL.initialValue === 'string' ? fields.documentURL.initialValue : '';
  const documentName = typeof fields.documentName.initialValue === 'string' ? fields.documentName.initialValue : '';

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus({ preventScroll: true });
    document.body.classList.add('modal-open');
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') navigate(closeTo, { replace: true, preventScrollReset: true });
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('modal-open');
      previous?.focus?.();
    };
  }, [closeTo, navigate]);

  // A document the api already holds is kept (hidden field): the picker empties so it is not sent twice.
  useEffect(() => {
    if (documentURL && fileInput.current) {
      fileInput.current.value = '';
      documentProblem.current = null;
    }
  }, [documentURL]);

  const documentErrors = fields.documentURL.errors;

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) navigate(closeTo, { replace: true, preventScrollReset: true });
      }}
    >
      <div
        ref={panel}
        className="modal modal-wide"
        role="dialog"
        aria-modal="true"
        aria-labelledby="register-firm-title"
        tabIndex={-1}
        data-testid="register-firm-dialog"
      >
        <div className="modal-head">
          <div>
            <h2 id="register-firm-title">Register your firm</h2>
            <p className="muted">
              Once we have checked your details and document, your firm and its public projects appear in Explore and the firm directory.{' '}
              {VERIFICATION_PROMISE}.
            </p>
          </div>
          <CloseLink to={closeTo} className="modal-close" />
        </div>
        <fetcher.Form
          method="post"
          action="/resources/register-firm"
          encType="multipart/form-data"
          {...getFormProps(form)}
          className="modal-form rf-form"
          onSubmit={form.onSubmit}
        >
          <div className="modal-body">
            <input type="hidden" name="returnTo" value={closeTo} />
            {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
            {data.rejected ? (
              <div className="rf-notice" role="note">
                <strong>Your previous registration was not approved.</strong>
                {data.rejected.note ? <p>Reason: {data.rejected.note}</p> : null}
                <p>Correct what is needed below and send it again.</p>
              </div>
            ) : null}
            <FormErrors id={form.errorId} errors={form.errors} />

            <fieldset className="rf-section">
              <legend>Firm</legend>
              <div className="rf-grid">
                <Field label="Firm name" meta={fields.firmName}>
                  <input {...getInputProps(fields.firmName, { type: 'text' })} autoComplete="organization" />
                </Field>
                <FirmTypeSelect meta={fields.firmType} />
                <Field label="Business email" meta={fields.businessEmail}>
                  <input {...getInputProps(fields.businessEmail, { type: 'email' })} autoComplete="email" />
                </Field>
                <Field label="Contact number" meta={fields.contactNo} hint="10 digits, for example 9820012345.">
                  {/* type=text: HTML allows "tel-national" (the 10 digits without +91) on a text box, not on type=tel. */}
                  <input
                    {...getInputProps(fields.contactNo, { type: 'text', ariaDescribedBy: fields.contactNo.descriptionId })}
                    inputMode="numeric"
                    autoComplete="tel-national"
                  />
                </Field>
                <Field
                  label={
                    <>
                      Website <span className="rf-optional">(optional)</span>
                    </>
                  }
                  meta={fields.website}
                  className="rf-span-2"
                >
                  <input {...getInputProps(fields.website, { type: 'text' })} inputMode="url" placeholder="https://" autoComplete="url" />
                </Field>
              </div>
            </fieldset>

            <fieldset className="rf-section">
              <legend>Address</legend>
              <Field label="Street address" meta={fields.address}>
                <textarea {...getTextareaProps(fields.address)} rows={2} autoComplete="street-address" />
              </Field>
              <PlaceSelects
                fields={{ country: fields.country, state: fields.state, city: fields.city }}
                options={data.options}
                refreshButton={form.validate.getButtonProps({ name: fields.country.name })}
              />
            </fieldset>

            <fieldset className="rf-section">
              <legend>Verification</legend>
              <div className="field">
                <label htmlFor="register-firm-document">Registration document</label>
                <input
                  ref={fileInput}
                  id="register-firm-document"
                  type="file"
                  name="document"
                  accept={DOCUMENT_ACCEPT}
                  className="rf-file"
                  aria-invalid={documentErrors?.length ? true : undefined}
                  aria-describedby={`register-firm-document-hint${documentErrors?.length ? ` ${fields.documentURL.errorId}` : ''}`}
                  onChange={async (event) => {
                    const file = event.currentTarget.files?.[0];
                    // A first look at the content in the browser, shown at once; the api decides.
                    documentProblem.current = file ? await fileProblem(file, UPLOAD_RULES.registrationDocument) : null;
                    form.validate({ name: fields.documentURL.name });
                  }}
                />
                <p id="register-firm-document-hint" className="field-hint">
                  A certificate of registration, GST or Council of Architecture certificate: PDF, DOC or DOCX, at most 10 MB.
                </p>
                {documentURL && documentName ? (
                  <p className="rf-file-kept" data-testid="document-kept">
                    <span aria-hidden="true">✓</span> {documentName} is uploaded. Choose a file only to replace it.
                  </p>
                ) : null}
                <ErrorList id={fields.documentURL.errorId} errors={documentErrors} />
                <input type="hidden" name="documentURL" value={documentURL} />
                <input type="hidden" name="documentName" value={documentName} />
              </div>
              {data.hasPassword ? null : (
                <PasswordField
                  meta={fields.password}
                  autoComplete="new-password"
                  hint="Your account has no password yet. Choose one (at least 6 characters) to log in with your email too."
                />
              )}
            </fieldset>
          </div>

          <div className="modal-actions">
            <Link to={closeTo} replace preventScrollReset className="button button-ghost">
              Cancel
            </Link>
            <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy || undefined} {...SUBMIT_WITHOUT_BLUR}>
              {busy ? 'Submitting…' : 'Register firm'}
            </button>
          </div>
        </fetcher.Form>
        <Toast toast={reply?.toast} />
      </div>
    </div>
  );
}
