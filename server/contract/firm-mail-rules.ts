/**
 * The words of the firm-mail rules (docs/decisions/235): what a firm is told when
 * a mail on its behalf is refused. No zod here, so the web and its tests can use them.
 */
export const FIRM_MAIL_MESSAGES = {
  unverified: 'Your firm must be verified before you can send mail',
  perHour: (max: number) => `Your firm has sent its ${max} mails for this hour. Please try again later.`,
  perDay: (max: number) => `Your firm has sent its ${max} mails for today. Please try again tomorrow.`,
  tooManyRecipients: (max: number) => `At most ${max} recipients in one mail`,
} as const;

/** To, Cc and Bcc of one mail together. */
export const FIRM_MAIL_MAX_RECIPIENTS = 20;
