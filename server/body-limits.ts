const KB = 1024;
const MB = 1024 * KB;

/**
 * The largest request body each kind of JSON route reads, in bytes (docs/decisions/067-body-limits.md).
 * A body over its route's limit is refused with 413 before it is parsed. Each limit is a few times
 * the largest body the route's schema accepts, so that no valid request comes near it.
 * Multipart uploads are bounded by @fastify/multipart's own limits, not by these.
 */
export const BODY_LIMITS = {
  /** Every JSON route unless it says otherwise: sign-in, sign-up, codes, firm registration, admin decisions. */
  json: 16 * KB,
  /** Social sign-in: an ID token of up to 10,000 characters and a photo URL. */
  socialLogin: 32 * KB,
  /** The firm profile: details of up to 5,000 characters and up to 20 team rows. */
  profile: 64 * KB,
  /** A schedule: a description of up to 2,000 characters, a title of 200 and 10 image references. */
  schedule: 64 * KB,
  /** A mail to a lead: a message of up to 10,000 characters and three address lists of 2,600. */
  leadMessage: 64 * KB,
  /** A public project: a description of up to 10,000 characters, 50 + 50 rows and 100 image ids. */
  project: 256 * KB,
  /**
   * A summary item or a library product: two titles of 200 characters and two descriptions of
   * 5,000, about 31 KB in a script of three bytes a character (Devanagari, Tamil).
   */
  item: 64 * KB,
  /**
   * Save all of the summary editor: every item of a room at once. The schema's own bound (2,000
   * items of 10,400 characters) is far more than any editor sends; the editor's form (2 MB,
   * LARGE_FORM_ROUTES in web-server/body-limits.ts) turned into JSON is at most twice its size.
   */
  saveAll: 4 * MB,
  /** A purchase order's PDF to mail, base64 (the schema takes up to 8 MB of text, about 6 MB of PDF). */
  orderMail: 9 * MB,
  /** A Form 26AS text or AIS CSV download (the schema takes up to 1,000,000 characters; a year of a firm's deductors is a few KB). */
  tdsStatement: 2 * MB,
} as const;

/** "16 KB": a limit as the error message names it. */
export const describeBytes = (bytes: number) => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / KB)} KB`);
