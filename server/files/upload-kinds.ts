import type { Config } from '../config.js';
import { FILE_LIMITS, FILE_MESSAGES } from '../contract/files-rules.js';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TOO_LARGE_MESSAGE, DOCUMENT_TYPE_MESSAGE } from '../contract/firm-registration.js';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MESSAGE } from '../contract/profile.js';
import { IMAGE_TYPE_MESSAGE, PROJECT_IMAGE_MAX_BYTES, PROJECT_IMAGES_PER_REQUEST } from '../contract/projects.js';
import { DOCUMENT_TYPES, IMAGE_TYPES } from '../services/file-types.js';
import { UPLOAD_RULES } from '../contract/upload-rules.js';
import { TDS_MESSAGES, TDS_STATEMENT_MAX_BYTES } from '../contract/tds.js';
import type { ReceiveFilesOptions } from './receive-files.js';

/**
 * The rules of each kind of upload, in one place (docs/decisions/077): accepted types by content,
 * size per file, files per request and the messages. A route spreads one into withReceivedFiles
 * with its account and file fields.
 */
type UploadKind = Omit<ReceiveFilesOptions, 'accountId' | 'fileFields'>;

const MB = 1024 * 1024;

/** Portfolio images (and, by the spec's "checked like portfolio images", schedule images): JPEG, PNG, GIF. */
export const PROJECT_IMAGES: UploadKind = {
  accept: IMAGE_TYPES.project,
  maxFiles: PROJECT_IMAGES_PER_REQUEST,
  maxBytes: PROJECT_IMAGE_MAX_BYTES,
  messages: {
    type: IMAGE_TYPE_MESSAGE,
    tooLarge: UPLOAD_RULES.projectImage.tooLargeMessage,
    count: `Upload at most ${PROJECT_IMAGES_PER_REQUEST} images at a time.`,
  },
};

export const PROFILE_PHOTO: UploadKind = {
  accept: IMAGE_TYPES.profile,
  maxFiles: 1,
  maxBytes: PROFILE_IMAGE_MAX_BYTES,
  messages: { type: PROFILE_IMAGE_MESSAGE, tooLarge: UPLOAD_RULES.profilePhoto.tooLargeMessage, count: 'Upload one photo.' },
};

/** The firm's signature image on its tax documents (decision 402): one JPEG or PNG. */
export const SIGNATURE_IMAGE: UploadKind = {
  accept: UPLOAD_RULES.signature.accept,
  maxFiles: 1,
  maxBytes: UPLOAD_RULES.signature.maxBytes,
  maxFields: 2,
  messages: { type: UPLOAD_RULES.signature.typeMessage, tooLarge: UPLOAD_RULES.signature.tooLargeMessage, count: 'Upload one signature image' },
};

/**
 * The spec's POST /users/upload/file for a firm (decision 143): the registration document or
 * project images, told apart by content; each keeps its own size limit (a document's 10 MB is
 * checked once it is known to be one).
 */
export const SPEC_UPLOAD: UploadKind = {
  accept: [...DOCUMENT_TYPES, ...IMAGE_TYPES.project],
  maxFiles: PROJECT_IMAGES_PER_REQUEST,
  maxBytes: Math.max(PROJECT_IMAGE_MAX_BYTES, DOCUMENT_MAX_BYTES),
  messages: {
    type: `${DOCUMENT_TYPE_MESSAGE.replace(/ are allowed$/, '')}, or JPEG, PNG or GIF images are allowed`,
    tooLarge: `Each image must be at most ${PROJECT_IMAGE_MAX_BYTES / MB} MB, a document ${DOCUMENT_MAX_BYTES / MB} MB.`,
    count: `Upload at most ${PROJECT_IMAGES_PER_REQUEST} images at a time.`,
  },
};

/** One document per registration; a few extra parts are read and ignored rather than refused. */
export const REGISTRATION_DOCUMENT: UploadKind = {
  accept: DOCUMENT_TYPES,
  maxFiles: 5,
  maxBytes: DOCUMENT_MAX_BYTES,
  messages: { type: DOCUMENT_TYPE_MESSAGE, tooLarge: DOCUMENT_TOO_LARGE_MESSAGE, count: 'Send one document per request' },
};

/**
 * Workspace project files (docs/decisions/093): any type (recorded by content, served as an
 * attachment unless safe), MAX_FILE_MB each, FILE_LIMITS.perUpload per request.
 */
export function workspaceFiles(config: Pick<Config, 'MAX_FILE_MB'>, maxFiles: number = FILE_LIMITS.perUpload): UploadKind {
  return {
    accept: 'any',
    maxFiles,
    maxBytes: config.MAX_FILE_MB * MB,
    messages: {
      // No type is refused; the message is there for the shape.
      type: FILE_MESSAGES.uploadFailed,
      tooLarge: FILE_MESSAGES.tooLarge(config.MAX_FILE_MB),
      count: maxFiles === FILE_LIMITS.perUpload ? FILE_MESSAGES.tooManyInUpload : `Upload at most ${maxFiles} files at a time.`,
    },
  };
}

/**
 * A Form 26AS text or AIS CSV download (decision 383): one file of at most 1 MB, read and matched,
 * never stored (so it counts against no quota). Its kind is checked by the route: text has no
 * signature, a ZIP is opened for the text inside (decision 401), and a PDF or spreadsheet answers
 * 400 with what to download instead.
 */
export const TDS_STATEMENT: UploadKind = {
  accept: 'any',
  maxFiles: 1,
  maxBytes: TDS_STATEMENT_MAX_BYTES,
  maxFields: 5,
  stored: false,
  messages: { type: TDS_MESSAGES.fileNotText, tooLarge: TDS_MESSAGES.fileTooLarge, count: 'Upload one file' },
};
