import type { FileFamily } from '../../../server/contract/files-rules';

/** The family's words for screen readers and tooltips. */
export const FAMILY_LABELS: Record<FileFamily, string> = {
  image: 'Image',
  pdf: 'PDF document',
  video: 'Video',
  audio: 'Audio',
  other: 'File',
};

/** The mark drawn on the page of each family (24 × 24 box). */
const GLYPHS: Record<FileFamily, JSX.Element> = {
  image: (
    <>
      <circle cx="9.5" cy="12.5" r="1.4" fill="currentColor" />
      <path d="M6.5 19l4-4.2 2.4 2.4 2.1-2.1L18 19z" fill="currentColor" />
    </>
  ),
  pdf: (
    <text x="12" y="18.2" textAnchor="middle" fontSize="6.2" fontWeight="700" fill="currentColor" fontFamily="inherit">
      PDF
    </text>
  ),
  video: <path d="M10 12.2v6.1l5.2-3.05z" fill="currentColor" />,
  audio: <path d="M10.5 18.3a1.6 1.6 0 1 1-1.2-1.6V11.6l6-1.3v6a1.6 1.6 0 1 1-1.2-1.6v-3.1l-3.6.8z" fill="currentColor" />,
  other: <path d="M8 12.5h8M8 15.5h8M8 18.5h5" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />,
};

/**
 * A file's icon by the spec's families (section 9: images, pdf, video, audio, other): a page
 * with a folded corner in the family's colour and its mark.
 */
export function FileIcon({ family, size = 32 }: { family: FileFamily; size?: number }) {
  return (
    <span className={`file-icon file-icon-${family}`} title={FAMILY_LABELS[family]}>
      <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
        <path d="M6 2.5h8.5L19.5 7.5V20a1.5 1.5 0 0 1-1.5 1.5H6A1.5 1.5 0 0 1 4.5 20V4A1.5 1.5 0 0 1 6 2.5z" className="file-icon-page" />
        <path d="M14.5 2.5V6a1.5 1.5 0 0 0 1.5 1.5h3.5" className="file-icon-fold" />
        {GLYPHS[family]}
      </svg>
      <span className="visually-hidden">{FAMILY_LABELS[family]}</span>
    </span>
  );
}

/** A folder of the files page. */
export function FolderIcon({ size = 40 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" className="folder-icon">
      <path d="M2.5 6.5A1.5 1.5 0 0 1 4 5h5.2l2 2.2H20a1.5 1.5 0 0 1 1.5 1.5V18a1.5 1.5 0 0 1-1.5 1.5H4A1.5 1.5 0 0 1 2.5 18z" className="folder-icon-back" />
      <path d="M2.5 9.5A1.5 1.5 0 0 1 4 8h16a1.5 1.5 0 0 1 1.5 1.5V18a1.5 1.5 0 0 1-1.5 1.5H4A1.5 1.5 0 0 1 2.5 18z" className="folder-icon-front" />
    </svg>
  );
}
