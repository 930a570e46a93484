import { z } from 'zod/v4';
import { ErrorReply, IdParams, MessageReply, pageNumber } from './http.js';
import { operation } from './operation.js';
import { ENQUIRY_LIMITS as E, hasLineBreak, LEAD_MESSAGES as M, LEAD_VIEWS, MESSAGE_LIMITS, splitAddresses } from './leads-rules.js';
import { wellFormed } from './text-fields.js';
import { PROJECT_TYPE_VALUES } from './vocabulary.js';

/**
 * Enquiries from the public pages and the demand box (DESIGN.md section 9;
 * docs/decisions/120–122). Every field that ends up in a mail header (a name in a subject, an
 * address in To or Reply-To, the subject itself) refuses CR and LF: no header injection.
 */

export * from './leads-rules.js';

/** Text that may become part of a mail header: refused with a line break, then trimmed. */
const headerText = (required: string, max: number) =>
  z
    .string({ error: required })
    .max(max * 4, M.tooLong(max))
    .refine((v) => !hasLineBreak(v), M.lineBreak)
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, M.tooLong(max))
    .transform(wellFormed);

/** Free text of a mail body or a message: line breaks allowed. */
const bodyText = (required: string, max: number, min = 1, short = required) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .min(min, { error: short, abort: true })
    .max(max, M.tooLong(max))
    .transform(wellFormed);

const emailAddress = z
  .string({ error: M.emailRequired })
  .max(E.email * 4, M.tooLong(E.email))
  .refine((v) => !hasLineBreak(v), M.lineBreak)
  .trim()
  .min(1, { error: M.emailRequired, abort: true })
  .max(E.email, M.tooLong(E.email))
  .email(M.emailInvalid)
  .transform((v) => v.toLowerCase());

/** POST /api/firms/{firmId}/enquiries: the Contact popup's form. */
export const EnquiryBody = z.object({
  name: headerText(M.nameRequired, E.name),
  email: emailAddress,
  /** Optional; spaces, dashes and brackets people type do not count as digits. */
  phone: z
    .string()
    .max(100, M.phoneInvalid)
    .nullish()
    .transform((v) => (v ?? '').replace(/[\s()-]/g, ''))
    .refine((v) => v === '' || /^\d{10}$/.test(v), M.phoneInvalid)
    .transform((v) => (v === '' ? null : v)),
  projectType: z
    .string({ error: M.typeRequired })
    .trim()
    .min(1, { error: M.typeRequired, abort: true })
    .pipe(z.enum(PROJECT_TYPE_VALUES, { error: M.typeUnknown }))
    .meta({ enum: [...PROJECT_TYPE_VALUES] }),
  message: bodyText(M.messageRequired, E.message, E.messageMin, M.messageShort),
  /** The public project page the enquiry was sent from, if any. */
  projectId: z.string().max(64).nullish(),
  /** The honeypot: a field people never see; a filled one is a bot's (the enquiry is dropped). */
  website: z.string().max(2000).nullish(),
  /** The form token issued with the page (GET /api/firms/{firmId}/enquiry-token). */
  formToken: z.string().max(300).nullish(),
});
export type EnquiryBody = z.input<typeof EnquiryBody>;
export type EnquiryFields = z.output<typeof EnquiryBody>;

export const FirmIdParams = z.object({ firmId: z.string().max(64) });

/** GET /api/firms/{firmId}/enquiry-token: the token the enquiry form sends back. */
export const EnquiryTokenReply = z.object({ data: z.object({ token: z.string(), minAgeSeconds: z.number() }) });
export type EnquiryTokenReply = z.infer<typeof EnquiryTokenReply>;

/** A To, Cc or Bcc field: addresses separated by commas, each valid, at most MESSAGE_LIMITS.addresses. */
const addressList = (required: boolean) =>
  z
    .string()
    .max(MESSAGE_LIMITS.addressField, M.tooLong(MESSAGE_LIMITS.addressField))
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => !hasLineBreak(v), { error: M.lineBreak, abort: true })
    .transform(splitAddresses)
    .superRefine((addresses, ctx) => {
      if (required && addresses.length === 0) ctx.addIssue({ code: 'custom', message: M.toRequired });
      if (addresses.length > MESSAGE_LIMITS.addresses) ctx.addIssue({ code: 'custom', message: M.tooManyAddresses });
      const bad = addresses.find((a) => a.length > E.email || !z.email().safeParse(a).success);
      if (bad !== undefined) ctx.addIssue({ code: 'custom', message: M.addressInvalid(bad) });
    })
    .transform((addresses) => [...new Set(addresses.map((a) => a.toLowerCase()))]);

/** POST /api/leads/{id}/messages: the New Message dialog. */
export const LeadMessageBody = z
  .object({
    to: addressList(true),
    cc: addressList(false),
    bcc: addressList(false),
    subject: headerText(M.subjectRequired, MESSAGE_LIMITS.subject),
    message: bodyText(M.bodyRequired, MESSAGE_LIMITS.body),
  })
  .superRefine((value, ctx) => {
    if (new Set([...value.to, ...value.cc, ...value.bcc]).size > MESSAGE_LIMITS.recipients) ctx.addIssue({ code: 'custom', path: ['to'], message: M.tooManyRecipients });
  });
export type LeadMessageBody = z.input<typeof LeadMessageBody>;
export type LeadMessageFields = z.output<typeof LeadMessageBody>;

/** PATCH /api/leads/{id}: the demand box's checkbox and menu. */
export const UpdateLeadBody = z
  .object({ read: z.boolean().optional(), handled: z.boolean().optional(), archived: z.boolean().optional() })
  .refine((v) => v.read !== undefined || v.handled !== undefined || v.archived !== undefined, 'Nothing to change');
export type UpdateLeadBody = z.input<typeof UpdateLeadBody>;

/** GET /api/leads. */
export const LeadsQuery = z.object({ page: pageNumber, view: z.enum(LEAD_VIEWS, { error: 'view is inbox, archived or held' }).default('inbox') });
export type LeadsQuery = z.input<typeof LeadsQuery>;

export const Lead = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  projectType: z.string(),
  projectTypeLabel: z.string(),
  message: z.string(),
  /** The public project the enquiry came from (gone when it was deleted). */
  project: z.object({ id: z.string(), projectName: z.string() }).nullable(),
  isRead: z.boolean(),
  isHandled: z.boolean(),
  isArchived: z.boolean(),
  /** Held (docs/decisions/340): one of a burst from new senders, out of the inbox until the firm releases it. */
  isHeld: z.boolean(),
  createdAt: z.string(),
});
export type Lead = z.infer<typeof Lead>;

export const LeadMessage = z.object({
  id: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  message: z.string(),
  /** Who sent it from the workspace (null when the account is gone). */
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type LeadMessage = z.infer<typeof LeadMessage>;

export const LeadsReply = z.object({
  /** `held`: how many of the firm's enquiries are held, whichever view is listed (docs/decisions/340). */
  data: z.object({ leads: z.array(Lead), count: z.number(), unread: z.number(), held: z.number(), page: z.number(), pageSize: z.number() }),
});
export type LeadsReply = z.infer<typeof LeadsReply>;

export const LeadReply = z.object({ data: Lead });
export type LeadReply = z.infer<typeof LeadReply>;

export const LeadDetailReply = z.object({ data: z.object({ lead: Lead, messages: z.array(LeadMessage) }) });
export type LeadDetailReply = z.infer<typeof LeadDetailReply>;

export const LeadMessageReply = z.object({ data: LeadMessage });
export type LeadMessageReply = z.infer<typeof LeadMessageReply>;

/**
 * The demand box's operations (docs/decisions/370), scope `workspace`: the api registers them
 * (server/routes/leads/index.ts) and the web calls them (app/models/leads.server.ts).
 */
export const leadOperations = {
  list: operation({
    method: 'GET',
    path: '/leads',
    scope: 'workspace',
    tags: ['leads'],
    summary: "A page of the firm's demand box",
    query: LeadsQuery,
    replies: { 200: LeadsReply, 404: ErrorReply },
  }),
  get: operation({
    method: 'GET',
    path: '/leads/:id',
    scope: 'workspace',
    tags: ['leads'],
    summary: 'A lead with its thread (opening it marks it read)',
    params: IdParams,
    replies: { 200: LeadDetailReply, 404: ErrorReply },
  }),
  update: operation({
    method: 'PATCH',
    path: '/leads/:id',
    scope: 'workspace',
    tags: ['leads'],
    summary: 'Mark a lead read or unread, handled or not, archived or not',
    params: IdParams,
    body: UpdateLeadBody,
    replies: { 200: LeadReply, 404: ErrorReply },
  }),
  release: operation({
    method: 'POST',
    path: '/leads/:id/release',
    scope: 'workspace',
    tags: ['leads'],
    summary: 'Release a held enquiry to the inbox (docs/decisions/340); one already in the inbox is answered as it is',
    params: IdParams,
    replies: { 200: LeadReply, 404: ErrorReply },
  }),
  delete: operation({
    method: 'DELETE',
    path: '/leads/:id',
    scope: 'workspace',
    tags: ['leads'],
    summary: 'Delete a lead and its thread',
    params: IdParams,
    replies: { 200: MessageReply, 404: ErrorReply },
  }),
  sendMessage: operation({
    method: 'POST',
    path: '/leads/:id/messages',
    scope: 'workspace',
    tags: ['leads'],
    summary: 'Send a mail to a lead (New Message) and add it to its thread',
    params: IdParams,
    body: LeadMessageBody,
    // 413: a body past BODY_LIMITS.leadMessage; 429 and 503: the firm's mail allowance (docs/decisions/235); 502: the mail failed.
    replies: { 201: LeadMessageReply, 404: ErrorReply, 413: ErrorReply, 429: ErrorReply, 502: ErrorReply, 503: ErrorReply },
  }),
} as const;
