/**
 * The plain values of client approval links (DESIGN.md section 9 "Client approval link",
 * docs/decisions/106): limits and messages, without zod, for browser code as well.
 */

/** How long a new link stays valid, in days: the choices the form offers (14 by default). */
export const SHARE_EXPIRY_DAYS = [3, 7, 14, 30, 60, 90] as const;
export const SHARE_EXPIRY_DEFAULT_DAYS = 14;
export const SHARE_CLIENT_NAME_MAX = 120;
export const SHARE_COMMENT_MAX = 1000;
/** Links of one schedule that may be open at once (a bound, far above real use). */
export const SHARE_OPEN_LINKS_MAX = 20;
/** Page views and decisions of one visitor address per 15 minutes (rate limit). */
export const SHARE_VIEWS_PER_WINDOW = 120;
export const SHARE_DECISIONS_PER_WINDOW = 40;

export const SHARE_DECISIONS = ['approved', 'rejected'] as const;
export type ShareDecision = (typeof SHARE_DECISIONS)[number];

export const SHARE_MESSAGES = {
  notFound: 'This link is not valid. Please check that you copied the whole link, or ask the studio for a new one.',
  expired: 'This link has expired. Please ask the studio for a new one.',
  revoked: 'This link has been withdrawn by the studio. Please ask them for a new one.',
  linkNotFound: 'Link not found',
  sectionNotFound: 'This section is no longer part of the schedule',
  tooManyLinks: `A schedule can have at most ${SHARE_OPEN_LINKS_MAX} open links; revoke one first.`,
  decisionRequired: 'Choose Approve or Reject',
  commentTooLong: `A comment can have at most ${SHARE_COMMENT_MAX} characters`,
  rejectNeedsComment: 'Please tell the studio what to change',
  created: 'Link created. Copy it and send it to your client; while it is open, "Copy link" on the Client Board gives it again.',
  notCopyable: 'This link is no longer open, or was made before links were kept: make a new one.',
  markedRead: 'Marked as read',
  revokedDone: 'Link revoked',
  itemNotFound: 'This item is no longer part of the schedule',
  approvedDone: 'Thank you: the studio has been told you approved this section.',
  itemApprovedDone: 'Thank you: the studio has been told you approved this item.',
  itemRejectedDone: 'Thank you: the studio has been told what to change in this item.',
  rejectedDone: 'Thank you: the studio has been told what to change.',
} as const;

/** A link's state as the firm sees it. */
export type ShareLinkState = 'open' | 'expired' | 'revoked';

export function shareLinkState(link: { expiresAt: string | Date; revokedAt: string | Date | null }, now = new Date()): ShareLinkState {
  if (link.revokedAt) return 'revoked';
  return new Date(link.expiresAt).getTime() <= now.getTime() ? 'expired' : 'open';
}

/**
 * A section's status after a client's decision on one of its items (docs/decisions/412). Each item
 * counts by its latest decision or a later one on the whole section (`items`, null when undecided):
 * any rejected item makes the section Rejected (it needs the studio's attention); every item approved
 * makes it Approved (and so invoiceable, as a section approval does); otherwise the client is still
 * deciding: a rejection now withdrawn and an untouched section become In Review, an In Review or
 * Approved set by the studio stays.
 */
export function sectionStatusFromItems(items: ReadonlyArray<ShareDecision | null>, current: string): string {
  if (items.some((d) => d === 'rejected')) return 'rejected';
  if (items.length > 0 && items.every((d) => d === 'approved')) return 'approved';
  return current === 'rejected' || current === 'none' ? 'in_review' : current;
}
