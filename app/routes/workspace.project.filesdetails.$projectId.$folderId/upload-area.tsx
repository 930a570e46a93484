import { Form, useFetcher, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Icon } from '~/components/icon';
import { ACTION_ICONS } from '~/components/workspace/action-icons';
import type { UploadLimits } from '../../../server/contract/files';
import { FILE_MESSAGES, formatBytes } from '../../../server/contract/files-rules';

/** What the action answers for a refused upload (the api's message names the file). */
export type UploadFailure = { upload: { error: string; details: Array<{ path: string; message: string }> } };

type Target = { projectId: string; folderId: string };

function limitsText(limits: UploadLimits) {
  return `Any type of file, up to ${limits.maxFiles} at a time, ${formatBytes(limits.maxFileBytes)} each.`;
}

function UploadError({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <div className="upload-error" role="alert" data-testid="upload-error">
      <strong>{FILE_MESSAGES.uploadFailed}</strong>
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

const failureMessages = (failure: UploadFailure | undefined) => {
  if (!failure) return [];
  const named = failure.upload.details.filter((d) => d.path.startsWith('files.')).map((d) => d.message);
  return named.length ? named : [failure.upload.error];
};

/** Without JavaScript: a multiple file input and an Upload button, posted to the page's action. */
function UploadForm({ target, limits, failure }: { target: Target; limits: UploadLimits; failure?: UploadFailure }) {
  const navigation = useNavigation();
  const uploading = navigation.state === 'submitting' && navigation.formEncType === 'multipart/form-data';
  return (
    <Form method="post" encType="multipart/form-data" className="upload-zone upload-form" data-testid="upload-form">
      <input type="hidden" name="projectId" value={target.projectId} />
      <input type="hidden" name="folderId" value={target.folderId} />
      <span className="upload-icon">
        <Icon d={ACTION_ICONS.upload} size={22} />
      </span>
      <div className="upload-text">
        <label htmlFor="upload-files" className="upload-title">
          Add files to this folder
        </label>
        <span className="muted">{limitsText(limits)}</span>
        <input id="upload-files" type="file" name="files" multiple required className="upload-input" data-testid="upload-input" />
      </div>
      <button type="submit" className="button button-primary" disabled={uploading} data-testid="upload-submit">
        {uploading ? 'Uploading…' : 'Upload'}
      </button>
      <UploadError messages={failureMessages(failure)} />
    </Form>
  );
}

/** Files the drop zone refuses before sending anything, each named (the api says the same if they got through). */
function rejectionMessages(rejections: FileRejection[], limits: UploadLimits): string[] {
  if (rejections.some((r) => r.errors.some((e) => e.code === 'too-many-files'))) return [FILE_MESSAGES.tooManyInUpload];
  return rejections.map(({ file, errors }) => {
    if (errors.some((e) => e.code === 'file-too-large')) return `${file.name}: ${FILE_MESSAGES.tooLarge(Math.round(limits.maxFileBytes / 1024 / 1024))}`;
    if (errors.some((e) => e.code === 'file-too-small')) return `${file.name}: The file is empty`;
    return `${file.name}: ${errors[0]?.message ?? FILE_MESSAGES.uploadFailed}`;
  });
}

/**
 * With JavaScript: a drop zone (react-dropzone, loaded only on this page) that sends the files
 * dropped or chosen at once, as the same multipart form, through a fetcher; the page's lists
 * reload when they are in the folder.
 */
function UploadDropzone({ target, limits }: { target: Target; limits: UploadLimits }) {
  const fetcher = useFetcher<UploadFailure>();
  const [refused, setRefused] = useState<string[]>([]);
  const [sending, setSending] = useState(0);
  const uploading = fetcher.state !== 'idle';
  useEffect(() => {
    if (!uploading) setSending(0);
  }, [uploading]);

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    multiple: true,
    maxFiles: limits.maxFiles,
    maxSize: limits.maxFileBytes,
    minSize: 1,
    noClick: true,
    noKeyboard: true,
    disabled: uploading,
    onDrop(accepted, rejections) {
      setRefused(rejectionMessages(rejections, limits));
      if (rejections.length || !accepted.length) return;
      const form = new FormData();
      form.set('projectId', target.projectId);
      form.set('folderId', target.folderId);
      for (const file of accepted) form.append('files', file, file.name);
      setSending(accepted.length);
      fetcher.submit(form, { method: 'post', encType: 'multipart/form-data' });
    },
  });

  const messages = refused.length ? refused : uploading ? [] : failureMessages(fetcher.data ?? undefined);
  return (
    <div
      {...getRootProps({ className: `upload-zone upload-drop${isDragActive ? ' dragging' : ''}${uploading ? ' busy' : ''}` })}
      data-max-file-bytes={limits.maxFileBytes}
      data-testid="upload-dropzone"
    >
      <input {...getInputProps({ name: 'files' })} data-testid="upload-input" />
      <span className="upload-icon">
        <Icon d={ACTION_ICONS.upload} size={22} />
      </span>
      <div className="upload-text" aria-live="polite">
        {uploading ? (
          <>
            <span className="upload-title">
              Uploading {sending} {sending === 1 ? 'file' : 'files'}…
            </span>
            <span className="upload-progress" aria-hidden="true" />
          </>
        ) : (
          <>
            <span className="upload-title">{isDragActive ? 'Drop the files to upload them' : 'Add files to this folder'}</span>
            <span className="muted">Drop them here or choose them. {limitsText(limits)}</span>
          </>
        )}
      </div>
      <button type="button" className="button button-primary" onClick={open} disabled={uploading} data-testid="upload-choose">
        <Icon d={ACTION_ICONS.add} />
        Add files
      </button>
      <UploadError messages={messages} />
    </div>
  );
}

/** The folder's upload (screen 4: "an add button that uploads several files at once"). */
export function UploadArea({ target, limits, failure }: { target: Target; limits: UploadLimits; failure?: UploadFailure }) {
  const hydrated = useHydrated();
  return hydrated ? <UploadDropzone target={target} limits={limits} /> : <UploadForm target={target} limits={limits} failure={failure} />;
}
