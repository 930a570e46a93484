import { z } from 'zod/v4';
import { ErrorReply, MessageReply, StaleReply, VersionField } from './http.js';
import { operationsOf } from './operation.js';
import { isTimeZone } from './dates.js';
import { PASSWORD_MESSAGES, TIME_ZONE_MESSAGES } from './settings-rules.js';
import { newPassword } from './users.js';

export * from './settings-rules.js';

/** The Setting page's calls (docs/decisions/118): the signed-in person's password and mail choices. */

export const ChangePasswordBody = z
  .object({
    currentPassword: z.string({ error: PASSWORD_MESSAGES.currentRequired }).min(1, PASSWORD_MESSAGES.currentRequired).max(128),
    newPassword: newPassword('New password is required'),
    confirmPassword: z.string({ error: PASSWORD_MESSAGES.confirmRequired }).min(1, PASSWORD_MESSAGES.confirmRequired).max(128),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORD_MESSAGES.mismatch });
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;

/** `clientDecisions` (docs/decisions/295), `clientApprovals` and `paymentNotes` (docs/decisions/412) came later: a caller that does not send one keeps it on. */
export const NotificationSettings = z.object({
  tasks: z.boolean(),
  chat: z.boolean(),
  leads: z.boolean(),
  clientDecisions: z.boolean().default(true),
  clientApprovals: z.boolean().default(true),
  paymentNotes: z.boolean().default(true),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;
export type NotificationSettingsInput = z.input<typeof NotificationSettings>;

/** PUT: the choices and the version they were read at (0 before the first save; docs/decisions/320). */
export const NotificationSettingsChanges = NotificationSettings.extend({ version: VersionField });
export type NotificationSettingsChanges = z.input<typeof NotificationSettingsChanges>;
/** The choices as read, with their version. */
export const NotificationSettingsJson = NotificationSettings.extend({ version: z.number() });
export const NotificationSettingsStaleReply = StaleReply(NotificationSettingsJson);
export const NotificationSettingsReply = z.object({ data: NotificationSettingsJson });
export type NotificationSettingsReply = z.infer<typeof NotificationSettingsReply>;

/** PUT /api/firm/time-zone (decision 265): an IANA zone the runtime knows ("Asia/Kolkata"). */
export const TimeZoneBody = z.object({
  // Documented as the shape of an IANA name: the zones the runtime knows differ by ICU version
  // (this one lists Asia/Calcutta, not the default Asia/Kolkata), so no list is published.
  timeZone: z
    .string({ error: TIME_ZONE_MESSAGES.invalid })
    .trim()
    .max(64, TIME_ZONE_MESSAGES.invalid)
    .refine(isTimeZone, TIME_ZONE_MESSAGES.invalid)
    .meta({ pattern: '^(?:UTC|[A-Za-z_]+(?:/[A-Za-z0-9_+-]+){0,2})$', description: 'An IANA time zone the runtime knows, like Asia/Kolkata', examples: ['Asia/Kolkata'] }),
});
export type TimeZoneBody = z.infer<typeof TimeZoneBody>;

/** PUT: the zone and the version of the firm's setting it was chosen over (docs/decisions/320). */
export const TimeZoneChanges = TimeZoneBody.extend({ version: VersionField });
export type TimeZoneChanges = z.input<typeof TimeZoneChanges>;
/** The firm's zone as read, with its version. */
export const TimeZoneSetting = z.object({ timeZone: z.string(), version: z.number() });
export const TimeZoneSettingReply = z.object({ data: TimeZoneSetting });
export type TimeZoneSettingReply = z.infer<typeof TimeZoneSettingReply>;
export const TimeZoneStaleReply = StaleReply(TimeZoneSetting);
export const TimeZoneReply = z.object({ message: z.string(), data: TimeZoneSetting });
export type TimeZoneReply = z.infer<typeof TimeZoneReply>;

const personOp = operationsOf('signedIn', ['settings']);

/**
 * The signed-in person's Setting (docs/decisions/118, 370): the password (rate-limited like
 * sign-in: 429) and the mail choices; registered in server/routes/users/settings.ts.
 */
export const settingsOperations = {
  changePassword: personOp({
    method: 'POST',
    path: '/users/change-password',
    summary: 'Change the password (current, new, confirm); signs out every other session',
    body: ChangePasswordBody,
    replies: { 200: MessageReply, 429: ErrorReply },
  }),
  notifications: personOp({ method: 'GET', path: '/users/notification-settings', summary: 'The mails the signed-in person wants (every flag on until changed)', replies: { 200: NotificationSettingsReply } }),
  saveNotifications: personOp({
    method: 'PUT',
    path: '/users/notification-settings',
    summary: 'Save the mail choices from the `version` read (0 before the first save); 409 with the current choices when saved meanwhile, 404 for a version of choices never saved',
    body: NotificationSettingsChanges,
    replies: { 200: NotificationSettingsReply, 404: ErrorReply, 409: NotificationSettingsStaleReply },
  }),
} as const;

const firmOp = operationsOf('workspace', ['settings']);

/**
 * The firm's time zone (decision 265, docs/decisions/370), scope `workspace`, for the firm and its
 * sub-admins: the api registers them (server/routes/firm/time-zone.ts) and the web calls them
 * (app/models/firm-settings.server.ts).
 */
export const firmTimeZoneOperations = {
  get: firmOp({ method: 'GET', path: '/firm/time-zone', summary: "The firm's time zone with the version a change names", replies: { 200: TimeZoneSettingReply, 404: ErrorReply } }),
  save: firmOp({
    method: 'PUT',
    path: '/firm/time-zone',
    summary: "Save the firm's time zone (every date its people are shown, mailed or exported) from the `version` read; 409 with the current zone when saved meanwhile",
    body: TimeZoneChanges,
    replies: { 200: TimeZoneReply, 409: TimeZoneStaleReply },
  }),
} as const;
