import { Link, useNavigate } from '@remix-run/react';
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Icon } from '~/components/icon';
import { ACTION_ICONS } from '~/components/workspace/action-icons';
import { FileIcon } from '~/components/workspace/file-icon';
import { formatDay } from '../../../server/contract/dates';
import type { FileView } from '~/models/workspace-files.server';
import { FILE_MESSAGES, formatBytes, PREVIEW_WIDTH, previewKind } from '../../../server/contract/files-rules';
import { storedWidth, widthAfterDrag, widthAfterKey } from './preview-width';
import { useTimeZone } from '~/utils/time-zone';

const WIDTH_KEY = 'archivista:file-preview-width';

/**
 * The preview panel's width: 320 px until the person resizes it; kept in the browser for the next
 * visit. Without JavaScript it stays 320 px.
 */
export function usePreviewWidth() {
  const [width, setWidth] = useState<number>(PREVIEW_WIDTH.default);
  useEffect(() => {
    try {
      setWidth(storedWidth(window.localStorage.getItem(WIDTH_KEY)));
    } catch {
      // Storage refused (private mode): the default stays.
    }
  }, []);
  const update = (next: number) => {
    setWidth(next);
    try {
      window.localStorage.setItem(WIDTH_KEY, String(next));
    } catch {
      // Not kept; the panel still resizes.
    }
  };
  return [width, update] as const;
}

/**
 * The handle on the panel's left edge (the ARIA window splitter): drag it, or focus it and use the
 * arrow keys, Home and End. Only with JavaScript; hidden on a phone, where the panel covers the page.
 */
function ResizeHandle({ width, onResize }: { width: number; onResize: (width: number) => void }) {
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) onResize(widthAfterDrag(drag.current.startWidth, drag.current.startX, event.clientX));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const next = widthAfterKey(width, event.key, event.shiftKey);
    if (next === null) return;
    event.preventDefault();
    onResize(next);
  };
  return (
    <div
      className="preview-resize"
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the preview panel"
      aria-valuenow={width}
      aria-valuemin={PREVIEW_WIDTH.min}
      aria-valuemax={PREVIEW_WIDTH.max}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      data-testid="preview-resize"
    />
  );
}

/** What the panel shows of a file (screen 5): a PDF embedded, an image, a video playing, or the spec's sentence. */
function Preview({ file }: { file: FileView }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [file.id]);
  const kind = file.previewHref ? previewKind(file.contentType) : 'none';
  if (kind === 'pdf') {
    return <iframe key={file.id} src={file.previewHref!} title={`Preview of ${file.fileName}`} className="preview-frame" data-testid="preview-pdf" />;
  }
  if (kind === 'image') {
    return <img key={file.id} src={file.previewHref!} alt={file.fileName} className="preview-image" data-testid="preview-image" />;
  }
  if (kind === 'video' && !failed) {
    return (
      // The browser plays what its codecs allow; the download link stays for the rest.
      <video key={file.id} src={file.previewHref!} controls preload="metadata" playsInline className="preview-video" data-testid="preview-video" onError={() => setFailed(true)}>
        <a href={file.downloadHref}>Download the video</a>
      </video>
    );
  }
  return (
    <p className="preview-message" data-testid="preview-unavailable">
      {kind === 'video' ? 'This browser cannot play this video; download it to watch it.' : FILE_MESSAGES.previewNotAvailable}
    </p>
  );
}

/**
 * The preview panel beside the files list (screens 4 and 5), opened by a file's details icon
 * (`?preview={fileId}`) or the Details button (`?preview`, no file: "No Selected file"). Resizable
 * with JavaScript (320 px by default, 220 to 600); Escape closes it.
 */
export function PreviewPanel({
  file,
  closeTo,
  width,
  onResize,
}: {
  file: FileView | null;
  closeTo: string;
  width: number;
  onResize: (width: number) => void;
}) {
  const zone = useTimeZone();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const panel = useRef<HTMLElement>(null);
  const fileId = file?.id ?? null;

  useEffect(() => {
    // On a phone the panel covers the page: focus moves into it, as into a dialog.
    if (window.matchMedia('(max-width: 767px)').matches) panel.current?.focus();
  }, [fileId]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A confirmation open over the page closes first (it listens to Escape itself).
      if (event.key !== 'Escape' || event.defaultPrevented || document.body.classList.contains('has-dialog')) return;
      navigate(closeTo, { replace: true, preventScrollReset: true });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [closeTo, navigate]);

  return (
    <aside ref={panel} tabIndex={-1} className="preview-panel" aria-label="File preview" data-testid="preview-panel">
      {hydrated ? <ResizeHandle width={width} onResize={onResize} /> : null}
      <div className="preview-head">
        {file ? <FileIcon family={file.family} size={24} /> : null}
        <h2 className="preview-title" title={file?.fileName}>
          {file ? file.fileName : 'Details'}
        </h2>
        <Link to={closeTo} replace preventScrollReset className="icon-button" aria-label="Close the preview" data-testid="close-preview">
          <Icon d={ACTION_ICONS.close} />
        </Link>
      </div>
      {file ? (
        <>
          <div className="preview-body">
            <Preview file={file} />
          </div>
          <dl className="preview-facts">
            <div>
              <dt>Type</dt>
              <dd>{file.format}</dd>
            </div>
            <div>
              <dt>Size</dt>
              <dd>{formatBytes(file.size)}</dd>
            </div>
            <div>
              <dt>Uploaded</dt>
              <dd>{formatDay(file.createdAt, zone)}</dd>
            </div>
          </dl>
          <a href={file.downloadHref} download={file.fileName} className="button button-ghost button-block" data-testid="preview-download">
            <Icon d={ACTION_ICONS.download} />
            Download
          </a>
        </>
      ) : (
        <div className="preview-body">
          <p className="preview-message" data-testid="preview-none">
            {FILE_MESSAGES.noneSelected}
          </p>
        </div>
      )}
    </aside>
  );
}
