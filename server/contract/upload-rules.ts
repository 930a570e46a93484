import { DOCUMENT_MAX_BYTES, DOCUMENT_TOO_LARGE_MESSAGE, DOCUMENT_TYPE_MESSAGE } from './firm-registration-rules.js';
import { SIGNATURE_MAX_BYTES, SIGNATURE_MESSAGES } from './billing-rules.js';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MESSAGE } from './profile-rules.js';
import { IMAGE_TYPE_MESSAGE, PROJECT_IMAGE_MAX_BYTES } from './projects-rules.js';
import { SCHEDULE_IMAGE_MAX_BYTES, SCHEDULE_MESSAGES } from './schedules-rules.js';
import { PROJECT_LIMITS, PROJECT_MESSAGES } from './workspace-projects-rules.js';

/**
 * What each file picker accepts, by content, with the api's own messages (decision 156). No zod
 * and no server code: the api's upload kinds take their types from here, and the browser checks a
 * chosen file against the same rule (app/utils/file-sniff.ts) before it is sent. The api decides.
 */

/** Types by content (the file-type names the api detects). */
export const IMAGE_TYPES = { project: ['jpg', 'png', 'gif'], profile: ['jpg', 'png'] } as const;
export const DOCUMENT_TYPES = ['pdf', 'doc', 'docx'] as const;
export type FileKind = (typeof IMAGE_TYPES.project)[number] | (typeof DOCUMENT_TYPES)[number] | 'webp';

export type UploadRule = { accept: readonly FileKind[]; maxBytes: number; typeMessage: string; tooLargeMessage: string };

const MB = 1024 * 1024;

export const UPLOAD_RULES = {
  /** Public project images (the portfolio form's drop zone). */
  projectImage: {
    accept: IMAGE_TYPES.project,
    maxBytes: PROJECT_IMAGE_MAX_BYTES,
    typeMessage: IMAGE_TYPE_MESSAGE,
    tooLargeMessage: `Each image must be at most ${PROJECT_IMAGE_MAX_BYTES / MB} MB.`,
  },
  profilePhoto: {
    accept: IMAGE_TYPES.profile,
    maxBytes: PROFILE_IMAGE_MAX_BYTES,
    typeMessage: PROFILE_IMAGE_MESSAGE,
    tooLargeMessage: `The photo must be at most ${PROFILE_IMAGE_MAX_BYTES / MB} MB.`,
  },
  /** The firm's signature on its tax documents (decision 402). */
  signature: {
    accept: IMAGE_TYPES.profile,
    maxBytes: SIGNATURE_MAX_BYTES,
    typeMessage: SIGNATURE_MESSAGES.type,
    tooLargeMessage: SIGNATURE_MESSAGES.tooLarge,
  },
  registrationDocument: {
    accept: DOCUMENT_TYPES,
    maxBytes: DOCUMENT_MAX_BYTES,
    typeMessage: DOCUMENT_TYPE_MESSAGE,
    tooLargeMessage: DOCUMENT_TOO_LARGE_MESSAGE,
  },
  /** The workspace project's photo. */
  workspacePhoto: {
    accept: IMAGE_TYPES.project,
    maxBytes: PROJECT_LIMITS.photoBytes,
    typeMessage: PROJECT_MESSAGES.photoType,
    tooLargeMessage: PROJECT_MESSAGES.photoTooLarge,
  },
  scheduleImage: {
    accept: IMAGE_TYPES.project,
    maxBytes: SCHEDULE_IMAGE_MAX_BYTES,
    typeMessage: SCHEDULE_MESSAGES.imageType,
    tooLargeMessage: SCHEDULE_MESSAGES.imageTooLarge,
  },
} as const satisfies Record<string, UploadRule>;
