/**
 * The plain values of a project's folders and files (workspace-and-admin.md screens 4 and 5,
 * sections 4, 8 and 9): messages, limits, the type families of the file icons and which types the
 * preview panel shows. No zod here, so browser code can use them; files.ts builds the schemas
 * from the same values (docs/decisions/091 to 094).
 */

export const DEFAULT_FOLDER_NAME = 'New Folder';

export const FOLDER_LIMITS = {
  /** Characters of a folder name. */
  name: 100,
  /** Folders of one project. */
  perProject: 200,
} as const;

export const FILE_LIMITS = {
  /** Files of one upload request (the add button's "several files at once"). */
  perUpload: 10,
  /** Files of one folder. */
  perFolder: 500,
  /** Largest file when the api's MAX_FILE_MB is not set (100 MB by default). */
  defaultMaxFileMb: 100,
} as const;

export const FOLDER_MESSAGES = {
  nameRequired: 'Folder name is required',
  nameTooLong: `A folder name has at most ${FOLDER_LIMITS.name} characters`,
  nameControl: 'A folder name cannot contain control characters',
  tooMany: `A project can have at most ${FOLDER_LIMITS.perProject} folders`,
  notFound: 'Folder not found',
  // The spec's failures (section 8).
  createFailed: 'Failed to create folder',
  renameFailed: 'Failed to rename folder',
  /** A create the api answered 2xx without the folder (the web checks; our api always sends it). */
  createdWithoutData: 'Failed to get created folder data',
  empty: 'No folders available',
} as const;

export const FILE_MESSAGES = {
  notFound: 'File not found',
  chooseFiles: 'Choose at least one file',
  tooManyInUpload: `Upload at most ${FILE_LIMITS.perUpload} files at a time.`,
  tooManyInFolder: `A folder can hold at most ${FILE_LIMITS.perFolder} files`,
  tooLarge: (mb: number) => `Each file must be at most ${mb} MB.`,
  uploadNotFound: 'This upload was not found (it may have expired); upload the file again',
  uploadOfOtherProject: 'This upload belongs to another project; upload the file again',
  uploadTaken: 'A file of this list was just saved by another request; upload it again',
  // The spec's texts (screens 4 and 5, section 8).
  uploadFailed: 'Error uploading file',
  empty: 'No Files available',
  previewNotAvailable: 'Preview not available for this file type',
  noneSelected: 'No Selected file',
} as const;

/** The spec's icon families (section 9: images, pdf, video, audio, other). */
export type FileFamily = 'image' | 'pdf' | 'video' | 'audio' | 'other';
/** What the preview panel does with a file (screen 5). */
export type PreviewKind = 'pdf' | 'image' | 'video' | 'none';

const baseType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

/**
 * The family of a file by its type, found from its content when it was uploaded (never from its
 * name): the icon of the files list.
 */
export function fileFamily(contentType: string): FileFamily {
  const type = baseType(contentType);
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  return 'other';
}

/**
 * Raster images a browser shows as a picture (the spec's jpg, jpeg, png, gif, and the webp and
 * bmp it lists among images). SVG is left out: it can carry scripts, so it is only downloaded.
 */
const PREVIEW_IMAGES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp']);

/**
 * How the preview panel shows a file: PDF embedded, raster images shown, videos played (the spec
 * lists mp4, webm, mov, mkv, wmv, ogg and avi; the browser plays what its codecs allow), anything
 * else "Preview not available for this file type".
 */
export function previewKind(contentType: string): PreviewKind {
  const type = baseType(contentType);
  if (type === 'application/pdf') return 'pdf';
  if (PREVIEW_IMAGES.has(type)) return 'image';
  if (type.startsWith('video/')) return 'video';
  return 'none';
}

/** Short names of the types people meet most, for the list's Type column. */
const FORMATS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/bmp': 'BMP',
  'image/svg+xml': 'SVG',
  'image/tiff': 'TIFF',
  'image/heic': 'HEIC',
  'image/vnd.adobe.photoshop': 'PSD',
  'video/mp4': 'MP4',
  'video/webm': 'WebM',
  'video/quicktime': 'MOV',
  'video/x-matroska': 'MKV',
  'video/x-msvideo': 'AVI',
  'video/vnd.avi': 'AVI',
  'video/x-ms-asf': 'WMV',
  'video/ogg': 'OGG',
  'audio/mpeg': 'MP3',
  'audio/wav': 'WAV',
  'audio/x-wav': 'WAV',
  'audio/ogg': 'OGG',
  'audio/aac': 'AAC',
  'audio/mp4': 'M4A',
  'audio/x-flac': 'FLAC',
  'application/zip': 'ZIP',
  'application/x-7z-compressed': '7Z',
  'application/x-rar-compressed': 'RAR',
  'application/vnd.rar': 'RAR',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.ms-excel': 'Excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'application/vnd.ms-powerpoint': 'PowerPoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
  'application/x-autocad': 'DWG',
  'image/vnd.dwg': 'DWG',
  'image/vnd.dxf': 'DXF',
  'model/stl': 'STL',
  'text/plain': 'Text',
  'text/html': 'HTML',
  'application/xml': 'XML',
  'application/rtf': 'RTF',
  'application/octet-stream': 'Unknown',
};

/** The Type column's words for a file: a short name of its type, or its family. */
export function fileFormat(contentType: string): string {
  const type = baseType(contentType);
  const known = FORMATS[type];
  if (known) return known;
  const family = fileFamily(type);
  return family === 'other' ? 'File' : family[0]!.toUpperCase() + family.slice(1);
}

/** "2.4 MB", "820 KB", "12 B": a file size as the list shows it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

/** The preview panel's widths in px (section 9: default 320, 220 to 600). */
export const PREVIEW_WIDTH = { default: 320, min: 220, max: 600, step: 20 } as const;

export function clampPreviewWidth(width: number): number {
  if (!Number.isFinite(width)) return PREVIEW_WIDTH.default;
  return Math.min(PREVIEW_WIDTH.max, Math.max(PREVIEW_WIDTH.min, Math.round(width)));
}
