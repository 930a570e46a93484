/** The plain values of the Setting page (docs/decisions/118). No zod: browser code uses them. */

export const PASSWORD_MESSAGES = {
  currentRequired: 'Current password is required',
  currentWrong: 'The current password is not right',
  confirmRequired: 'Confirm password is required',
  mismatch: 'Passwords do not match',
  sameAsCurrent: 'Choose a password different from the current one',
  noPassword: 'Your account signs in with Google or Facebook and has no password to change',
  changed: 'Your password has been changed',
} as const;

/** The firm's time zone (decision 265). */
export const TIME_ZONE_MESSAGES = {
  invalid: 'Choose a time zone from the list',
  saved: 'Time zone saved',
} as const;

/** The mails a person may turn off; every flag is on until changed (docs/decisions/118). */
export const NOTIFICATION_FLAGS = ['tasks', 'chat', 'leads', 'clientDecisions', 'clientApprovals', 'paymentNotes'] as const;
export type NotificationFlag = (typeof NOTIFICATION_FLAGS)[number];

export const NOTIFICATION_LABELS: Record<NotificationFlag, { label: string; hint: string }> = {
  tasks: { label: 'Tasks', hint: 'A task is given to you, submitted, approved or rejected.' },
  chat: { label: 'Group Chat', hint: 'A new message in the chat of a project you work on.' },
  leads: { label: 'Demand box', hint: 'A new enquiry from your public portfolio (firm accounts).' },
  clientDecisions: { label: 'Client Board', hint: 'A client reviews the firm (the firm).' },
  clientApprovals: { label: "Client's decisions", hint: 'A client approves or rejects an item or a section through a link or their portal (the firm, and whoever made the link).' },
  paymentNotes: { label: 'Payment notes', hint: 'A client says they paid an invoice, for you to confirm (the firm).' },
};

