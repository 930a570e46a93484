import { useEffect, useRef, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useHydrated } from 'remix-utils/use-hydrated';
import { UPLOAD_RULES, type UploadRule } from '../../server/contract/upload-rules';
import { refusalMessage, sortFiles } from '~/utils/file-sniff';
import { ErrorList } from './field';

/** An image already stored (in the project, or uploaded by an earlier submission of this form). */
export type StoredImage = { id: string; thumb: string };

/** Spec: JPEG, PNG or GIF. */
const ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/gif': ['.gif'] };
const ACCEPT_ATTR = 'image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif';

type NewFile = { file: File; url: string; key: string };

/**
 * Images of a project form. Stored images are tiles with a Remove checkbox (`removeImages`) and a
 * hidden `images` value; new files go in `files`. Without JavaScript `files` is a plain multiple
 * file input; with it, a drop zone (react-dropzone) with previews and a remove button per file,
 * whose list is mirrored into the same `files` input, so the form submits the same way.
 */
export function ImageUpload({
  stored,
  min,
  max,
  errors,
  errorId,
  resetKey,
  rule = UPLOAD_RULES.projectImage,
  maxMessage,
}: {
  stored: ReadonlyArray<StoredImage>;
  min: number;
  max: number;
  /** The message of `max`: when given, files past it are refused as soon as they are chosen (the action refuses them too). */
  maxMessage?: string;
  errors?: string[];
  errorId: string;
  /** Changes when the form comes back from the server: the new files were uploaded by then. */
  resetKey: unknown;
  /** The api's rule (types, size, messages) for the files of this form. */
  rule?: UploadRule;
}) {
  const hydrated = useHydrated();
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [added, setAdded] = useState(0);
  useEffect(() => setRemoved(new Set()), [stored]);
  const count = stored.length - removed.size + added;
  return (
    <div className="image-upload" data-testid="image-upload">
      <p className="image-count" aria-live="polite">
        {hydrated ? (
          <>
            <strong>{count}</strong> {count === 1 ? 'image' : 'images'} ·{' '}
          </>
        ) : null}
        {min ? `${min} to ${max}` : `Up to ${max}`} images, JPEG, PNG or GIF
      </p>
      {stored.length ? (
        <ul className="upload-tiles" aria-label="Saved images">
          {stored.map((image, i) => (
            <li key={image.id} className="upload-tile">
              <input type="hidden" name="images" value={JSON.stringify(image)} />
              <img src={image.thumb} alt={`Image ${i + 1}`} loading="lazy" decoding="async" />
              <label className="tile-remove">
                <input
                  type="checkbox"
                  name="removeImages"
                  value={image.id}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    setRemoved((r) => {
                      const next = new Set(r);
                      if (checked) next.add(image.id);
                      else next.delete(image.id);
                      return next;
                    });
                  }}
                />
                <span>Remove</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      {hydrated ? (
        <DropzoneInput
          resetKey={resetKey}
          onCount={setAdded}
          errorId={errorId}
          invalid={Boolean(errors?.length)}
          rule={rule}
          room={maxMessage ? { left: max - (stored.length - removed.size), message: maxMessage } : undefined}
        />
      ) : (
        <div className="field">
          <label htmlFor="project-files">Add images</label>
          <input
            id="project-files"
            type="file"
            name="files"
            multiple
            accept={ACCEPT_ATTR}
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={errors?.length ? errorId : undefined}
            data-testid="files-input"
          />
        </div>
      )}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

function DropzoneInput({
  resetKey,
  onCount,
  errorId,
  invalid,
  rule,
  room,
}: {
  resetKey: unknown;
  onCount: (n: number) => void;
  errorId: string;
  invalid: boolean;
  rule: UploadRule;
  /** How many new files the form still takes besides the stored ones, and the message past it. */
  room?: { left: number; message: string };
}) {
  const [files, setFiles] = useState<NewFile[]>([]);
  const [rejected, setRejected] = useState<string | null>(null);
  const mirror = useRef<HTMLInputElement>(null);

  // A submission came back: its files are stored images now.
  useEffect(() => {
    setFiles((current) => {
      current.forEach((f) => URL.revokeObjectURL(f.url));
      return [];
    });
  }, [resetKey]);

  useEffect(() => {
    onCount(files.length);
    if (!mirror.current) return;
    const transfer = new DataTransfer();
    files.forEach((f) => transfer.items.add(f.file));
    mirror.current.files = transfer.files;
  }, [files, onCount]);

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ACCEPT,
    multiple: true,
    onDrop: async (chosen, rejections) => {
      // The names filter first; then each file's first bytes and size (a text file named .png is refused here).
      const { accepted, refused } = await sortFiles(chosen, rule);
      // Past the form's limit (the spec's "Cannot add more than 100 images."): the files beyond it are named and left out.
      const left = room ? Math.max(room.left - files.length, 0) : accepted.length;
      const beyond = accepted.slice(left).map((file) => ({ file, message: room!.message }));
      setRejected(refusalMessage([...rejections.map((r) => ({ file: r.file, message: rule.typeMessage })), ...refused, ...beyond]));
      setFiles((current) => [
        ...current,
        ...accepted.slice(0, left).map((file, i) => ({ file, url: URL.createObjectURL(file), key: `${Date.now()}-${i}-${file.name}` })),
      ]);
    },
  });

  return (
    <>
      <div {...getRootProps({ className: `dropzone${isDragActive ? ' is-active' : ''}${invalid ? ' is-invalid' : ''}` })} data-testid="dropzone">
        <input {...getInputProps({ 'aria-describedby': invalid ? errorId : undefined })} data-testid="dropzone-input" />
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
          <path d="M12 16V4m0 0L7 9m5-5l5 5M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <p>
          <strong>Drop images here</strong> or click to choose
        </p>
      </div>
      {/* What the form submits: the drop zone's list, mirrored into a file input. */}
      <input ref={mirror} type="file" name="files" multiple hidden tabIndex={-1} aria-hidden="true" />
      {rejected ? <p className="field-errors" role="alert">{rejected}</p> : null}
      {files.length ? (
        <ul className="upload-tiles" aria-label="New images" data-testid="new-images">
          {files.map((f) => (
            <li key={f.key} className="upload-tile is-new">
              <img src={f.url} alt={f.file.name} />
              <button
                type="button"
                className="tile-remove"
                aria-label={`Remove ${f.file.name}`}
                onClick={() => {
                  URL.revokeObjectURL(f.url);
                  setFiles((current) => current.filter((x) => x.key !== f.key));
                }}
              >
                <span>Remove</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
