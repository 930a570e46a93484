import type { RequestHandler } from 'express';
import { refuse } from './answers';
import { CHAT_LIMITS } from '../server/contract/chat-rules';
import { FILE_LIMITS } from '../server/contract/files-rules';
import { DOCUMENT_MAX_BYTES } from '../server/contract/firm-registration-rules';
import { PROFILE_IMAGE_MAX_BYTES } from '../server/contract/profile-rules';
import { PROJECT_IMAGE_MAX_BYTES, PROJECT_IMAGES_PER_REQUEST } from '../server/contract/projects-rules';
import { PROJECT_LIMITS } from '../server/contract/workspace-projects-rules';
import { SCHEDULE_IMAGE_MAX_BYTES, SCHEDULE_IMAGES_MAX } from '../server/contract/schedules-rules';
import { TASK_LIMITS } from '../server/contract/tasks-rules';
import { SIGNATURE_MAX_BYTES } from '../server/contract/billing-rules';

/**
 * Every request body is bounded before anyone reads it (docs/decisions/062).
 * Forms, JSON and anything else get FORM_BODY_LIMIT (1 MB by default); a multipart body gets more
 * only on the routes below, which take files, sized from the contract's own file limits plus room
 * for the form's text fields. A route that starts taking uploads gets its line here.
 */

const MiB = 1024 * 1024;
/** Room for a multipart form's text fields and part headers beside its files. */
const FORM_ROOM = MiB;

export type UploadRoute = { path: RegExp; maxBytes: number; what: string };

/**
 * A folder's upload (docs/decisions/093): 10 files of the api's default MAX_FILE_MB (100) each. An
 * api configured with a larger MAX_FILE_MB needs this raised with it.
 */
const PROJECT_FILES_MAX_BYTES = FILE_LIMITS.perUpload * FILE_LIMITS.defaultMaxFileMb * MiB + FORM_ROOM;
/** A Group Chat message: its text and up to 5 files of the api's default MAX_FILE_MB (docs/decisions/117). */
const CHAT_MESSAGE_MAX_BYTES = CHAT_LIMITS.filesPerMessage * FILE_LIMITS.defaultMaxFileMb * MiB + FORM_ROOM;

/** The Add Task panel (docs/decisions/111): up to TASK_LIMITS.files files of the api's default MAX_FILE_MB. */
const TASK_FILES_MAX_BYTES = TASK_LIMITS.files * FILE_LIMITS.defaultMaxFileMb * MiB + FORM_ROOM;

export const UPLOAD_ROUTES: UploadRoute[] = [
  // Web actions that stream files on to the api (no JavaScript, or the same form with it).
  { path: /^\/portfolio\/?$/, maxBytes: PROFILE_IMAGE_MAX_BYTES + FORM_ROOM, what: 'profile photo' },
  {
    path: /^\/portfolio\/add-project(\/[^/]+)?\/?$/,
    maxBytes: PROJECT_IMAGES_PER_REQUEST * PROJECT_IMAGE_MAX_BYTES + FORM_ROOM,
    what: `${PROJECT_IMAGES_PER_REQUEST} project images`,
  },
  { path: /^\/resources\/register-firm\/?$/, maxBytes: DOCUMENT_MAX_BYTES + FORM_ROOM, what: 'registration document' },
  // The workspace project panel (Add/Edit Project, one photo).
  { path: /^\/workspace\/project\/?$/, maxBytes: PROJECT_LIMITS.photoBytes + FORM_ROOM, what: 'project photo' },
  // A folder's page: several project files at once.
  { path: /^\/workspace\/project\/filesdetails\/[^/]+\/[^/]+\/?$/, maxBytes: PROJECT_FILES_MAX_BYTES, what: `${FILE_LIMITS.perUpload} project files` },
  {
    path: /^\/workspace\/project\/schedules\/[^/]+\/?$/,
    maxBytes: SCHEDULE_IMAGES_MAX * SCHEDULE_IMAGE_MAX_BYTES + FORM_ROOM,
    what: `${SCHEDULE_IMAGES_MAX} schedule images`,
  },
  { path: /^\/workspace\/taskboard\/?$/, maxBytes: TASK_FILES_MAX_BYTES, what: `${TASK_LIMITS.files} task files` },
  // The billing profile's signature image (decision 402).
  { path: /^\/workspace\/setting\/billing\/?$/, maxBytes: SIGNATURE_MAX_BYTES + FORM_ROOM, what: 'signature image' },
  // A project's Group Chat page: a message with its files.
  { path: /^\/workspace\/group-chat\/[^/]+\/?$/, maxBytes: CHAT_MESSAGE_MAX_BYTES, what: `a message with ${CHAT_LIMITS.filesPerMessage} files` },
  // The api's upload endpoints, reached through the web's /api forwarding (embedded default).
  {
    path: /^\/api\/projects\/images\/?$/,
    maxBytes: PROJECT_IMAGES_PER_REQUEST * PROJECT_IMAGE_MAX_BYTES + FORM_ROOM,
    what: `${PROJECT_IMAGES_PER_REQUEST} project images`,
  },
  {
    path: /^\/api\/projects\/schedules\/upload-file\/?$/,
    maxBytes: SCHEDULE_IMAGES_MAX * SCHEDULE_IMAGE_MAX_BYTES + FORM_ROOM,
    what: `${SCHEDULE_IMAGES_MAX} schedule images`,
  },
  { path: /^\/api\/users\/profile-image\/?$/, maxBytes: PROFILE_IMAGE_MAX_BYTES + FORM_ROOM, what: 'profile photo' },
  { path: /^\/api\/users\/upload\/file\/?$/, maxBytes: DOCUMENT_MAX_BYTES + FORM_ROOM, what: 'registration document' },
  { path: /^\/api\/projects(\/[0-9a-f]{24})?\/?$/, maxBytes: PROJECT_LIMITS.photoBytes + FORM_ROOM, what: 'project photo' },
  { path: /^\/api\/users\/project\/upload-file\/?$/, maxBytes: PROJECT_FILES_MAX_BYTES, what: `${FILE_LIMITS.perUpload} project files` },
  { path: /^\/api\/tasks\/?$/, maxBytes: TASK_FILES_MAX_BYTES, what: `${TASK_LIMITS.files} task files` },
  { path: /^\/api\/billing\/profile\/signature\/?$/, maxBytes: SIGNATURE_MAX_BYTES + FORM_ROOM, what: 'signature image' },
];

/**
 * Forms larger than FORM_BODY_LIMIT by nature. The summary editor's Save all carries every text of
 * a room: 200 items of 500 characters in Devanagari are 900 KB as a form (9 bytes a character).
 * Its api call is JSON, at most twice the form (BODY_LIMITS.saveAll, 4 MB).
 */
export const LARGE_FORM_ROUTES: UploadRoute[] = [
  { path: /^\/workspace\/project\/schedules\/summary-financial\/[^/]+\/?$/, maxBytes: 2 * MiB, what: 'Save all of a room' },
];

/** The most bytes a request to `path` with this content type may carry. */
export function bodyLimitFor(path: string, contentType: string | undefined, formLimit: number): number {
  const multipart = contentType?.toLowerCase().startsWith('multipart/form-data');
  const route = (multipart ? UPLOAD_ROUTES : LARGE_FORM_ROUTES).find((r) => r.path.test(path));
  return multipart ? (route?.maxBytes ?? formLimit) : Math.max(formLimit, route?.maxBytes ?? 0);
}

const megabytes = (bytes: number) => `${Math.round((bytes / MiB) * 10) / 10} MB`;

export function tooLargeMessage(limit: number): string {
  return `The request is larger than the ${megabytes(limit)} this page accepts.`;
}

/**
 * Refuses a body over its route's limit from its Content-Length (413), before a byte of it is
 * read. A body without a length (chunked) is refused with 411 on the pages (browsers always send
 * the length of a form), and counted as it streams on the /api and /uploads forwarding
 * (`res.locals.bodyLimit`), which stops at the limit.
 */
export function bodyLimit(options: { formLimit: number; streamingPaths: RegExp }): RequestHandler {
  return (req, res, next) => {
    const limit = bodyLimitFor(req.path, req.get('content-type'), options.formLimit);
    res.locals.bodyLimit = limit;
    const length = req.get('content-length');
    if (length !== undefined) {
      const bytes = Number(length);
      if (!Number.isSafeInteger(bytes) || bytes < 0) return refuse(req, res, 400, 'That request was not right', 'The request’s length is not a number.');
      if (bytes > limit) return refuse(req, res, 413, 'Too large', tooLargeMessage(limit));
      return next();
    }
    if (req.get('transfer-encoding') && !options.streamingPaths.test(req.path)) {
      return refuse(req, res, 411, 'Length required', 'Send the request with its Content-Length.');
    }
    next();
  };
}
