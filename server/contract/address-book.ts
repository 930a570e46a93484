import { z } from 'zod/v4';
import { CONTACT_KINDS, CONTACT_LIMITS as L, CONTACT_MESSAGES as M } from './address-book-rules.js';
import { requiredText } from './text-fields.js';

/** The Address Book's calls (docs/decisions/115): a firm's contacts, listed by name, searched, paged by keyset. */

export * from './address-book-rules.js';

const optional = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default('');

export const ContactFields = z
  .object({
    name: requiredText(M.nameRequired, L.name),
    company: optional(L.company),
    email: optional(L.email)
      .refine((v) => v === '' || z.email().safeParse(v).success, M.emailInvalid)
      .transform((v) => v.toLowerCase()),
    phone: optional(L.phone).refine((v) => v === '' || /^[0-9+\-() ]{3,}$/.test(v), M.phoneInvalid),
    kind: z.enum(CONTACT_KINDS, { error: M.kindRequired }),
    notes: optional(L.notes),
  })
  .refine((v) => v.email !== '' || v.phone !== '', { path: ['email'], message: M.emailOrPhone });
export type ContactFields = z.output<typeof ContactFields>;
export type ContactBody = z.input<typeof ContactFields>;

export const Contact = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  kind: z.enum(CONTACT_KINDS),
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof Contact>;

/** GET /api/contacts?q=&kind=&after=&limit=: `after` is the last contact id of the page before. */
export const ContactsQuery = z.object({
  q: z.string().max(L.search, `At most ${L.search} characters`).optional(),
  kind: z.enum(CONTACT_KINDS, { error: 'Unknown kind' }).optional(),
  after: z.string().max(64).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1).max(L.pageMax).default(L.pageSize),
});
export type ContactsQuery = z.input<typeof ContactsQuery>;

export const ContactsReply = z.object({
  data: z.object({
    contacts: z.array(Contact),
    /** The `after` of the next page, null on the last. */
    next: z.string().nullable(),
    /** Whether the caller may add, edit and delete (the firm and its sub-admins). */
    canManage: z.boolean(),
  }),
});
export type ContactsReply = z.infer<typeof ContactsReply>;

export const ContactReply = z.object({ data: Contact });
export type ContactReply = z.infer<typeof ContactReply>;
