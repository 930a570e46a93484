/**
 * The plain values of the super-admin area (workspace-and-admin.md sections 4, 6, 7 and 9):
 * page sizes, statuses and messages. No zod here, so the admin pages' browser code can use them;
 * the schemas of admin.ts are built from the same values.
 */

export const VERIFICATION_PAGE_SIZE = 15;
export const VERIFICATION_PAGE_SIZE_MAX = 100;
export const NO_TOKEN_MESSAGE = 'No token received from server';

/** Which registrations the verification list shows; the spec's list is the pending one. */
export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected', 'all'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const DEFAULT_REJECTION_NOTE =
  'We could not verify your firm from the details and document you sent. Check them and register again.';
