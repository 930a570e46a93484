import { useEffect, useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useHydrated } from 'remix-utils/use-hydrated';
import { UPLOAD_RULES } from '../../../server/contract/upload-rules';
import { fileProblem } from '~/utils/file-sniff';
import { ErrorList } from '../field';

/** Spec: JPG, PNG or GIF (the api checks the content; these only filter the file chooser). */
const ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/gif': ['.gif'] };
const ACCEPT_ATTR = 'image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif';

/**
 * One photo of a form (the workspace project's), with a preview: the current photo, or the file
 * just chosen. Without JavaScript a plain file input named `name`; with it a drop zone
 * (react-dropzone) whose file is mirrored into a hidden input of the same name, so the form
 * submits the same way.
 */
export function PhotoInput({
  id,
  name,
  label,
  current,
  errors,
  errorId,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  /** The url of the photo already saved (editing), shown until another is chosen. */
  current?: string | null;
  errors?: string[];
  errorId: string;
  hint?: string;
}) {
  const hydrated = useHydrated();
  const invalid = Boolean(errors?.length);
  return (
    <div className="field ws-photo-field" data-testid="photo-input">
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      {hydrated ? (
        <PhotoDropzone id={id} name={name} current={current} invalid={invalid} errorId={errorId} labelId={`${id}-label`} />
      ) : (
        <>
          {current ? <img className="ws-photo-preview" src={current} alt="The current photo" /> : null}
          <input
            id={id}
            type="file"
            name={name}
            accept={ACCEPT_ATTR}
            aria-labelledby={`${id}-label`}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            data-testid="photo-file"
          />
        </>
      )}
      {hint ? <p className="field-hint">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

function PhotoDropzone({
  id,
  name,
  current,
  invalid,
  errorId,
  labelId,
}: {
  id: string;
  name: string;
  current?: string | null;
  invalid: boolean;
  errorId: string;
  labelId: string;
}) {
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  const mirror = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!mirror.current) return;
    const transfer = new DataTransfer();
    if (chosen) transfer.items.add(chosen.file);
    mirror.current.files = transfer.files;
  }, [chosen]);
  // The preview's object url lives as long as the choice.
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen]);

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ACCEPT,
    multiple: false,
    onDrop: async (accepted, rejections) => {
      // The names filter first; then the file's first bytes and size, with the api's messages.
      const rule = UPLOAD_RULES.workspacePhoto;
      const file = accepted[0];
      const problem = rejections.length ? rule.typeMessage : file ? await fileProblem(file, rule) : null;
      setRejected(problem);
      if (file && !problem) setChosen({ file, url: URL.createObjectURL(file) });
    },
  });

  const preview = chosen?.url ?? current ?? null;
  return (
    <>
      <div
        {...getRootProps({ className: `dropzone ws-photo-drop${isDragActive ? ' is-active' : ''}${invalid || rejected ? ' is-invalid' : ''}${preview ? ' has-preview' : ''}` })}
        data-testid="photo-dropzone"
      >
        <input {...getInputProps({ id, 'aria-labelledby': labelId, 'aria-describedby': invalid ? errorId : undefined })} data-testid="photo-dropzone-input" />
        {preview ? <img className="ws-photo-preview" src={preview} alt={chosen ? chosen.file.name : 'The current photo'} /> : null}
        <p>
          <strong>{preview ? 'Drop another photo' : 'Drop a photo here'}</strong> or click to choose · JPG, PNG or GIF
        </p>
      </div>
      {chosen ? (
        <button type="button" className="button button-ghost button-small" onClick={() => setChosen(null)}>
          Remove {chosen.file.name}
        </button>
      ) : null}
      {/* What the form submits: the drop zone's file, mirrored into a file input. */}
      <input ref={mirror} type="file" name={name} hidden tabIndex={-1} aria-hidden="true" />
      {rejected ? (
        <p className="field-errors" role="alert">
          {rejected}
        </p>
      ) : null}
    </>
  );
}
