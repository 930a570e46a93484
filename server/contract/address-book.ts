import { z } from 'zod/v4';
import { CONTACT_KINDS, CONTACT_LIMITS as L, CONTACT_MESSAGES as M } from './address-book-rules.js';
import { gstinProblem, normaliseTaxId } from './gstin-rules.js';
import { stateNames } from './places.js';
import { requiredText } from './text-fields.js';
import { ErrorReply, IdParams, MessageReply, StaleReply, withVersion } from './http.js';
import { operationsOf } from './operation.js';

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
    // docs/decisions/257: Who may be invoiced or sent purchase orders, and the tax details.
    isClient: z.boolean({ error: 'Must be true or false' }).default(false),
    isSupplier: z.boolean({ error: 'Must be true or false' }).default(false),
    address: optional(L.address),
    /** An Indian state ('' for a contact abroad or not known). */
    state: optional(60),
    gstin: z.string({ error: 'Must be text' }).max(30, 'At most 15 characters').default('').transform(normaliseTaxId),
  })
  .superRefine((v, ctx) => {
    if (v.email === '' && v.phone === '') ctx.addIssue({ code: 'custom', path: ['email'], message: M.emailOrPhone });
    const state = v.state ? stateNames('India').find((s) => s.toLowerCase() === v.state.toLowerCase()) : undefined;
    if (v.state && !state) ctx.addIssue({ code: 'custom', path: ['state'], message: M.stateUnknown });
    if (v.gstin) {
      const problem = gstinProblem(v.gstin, state);
      if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: problem });
      else if (!v.state) ctx.addIssue({ code: 'custom', path: ['state'], message: M.stateForGstin });
    }
  })
  // A contact of kind client is a client, of kind supplier a supplier; the state as the list spells it.
  .transform((v) => ({
    ...v,
    isClient: v.isClient || v.kind === 'client',
    isSupplier: v.isSupplier || v.kind === 'supplier',
    state: v.state ? (stateNames('India').find((s) => s.toLowerCase() === v.state.toLowerCase()) ?? v.state) : '',
  }));
export type ContactFields = z.output<typeof ContactFields>;
export type ContactBody = z.input<typeof ContactFields>;
/** PUT /api/contacts/{id}: the fields and the version they were read at (docs/decisions/320). */
export const ContactChanges = withVersion(ContactFields);
export type ContactChanges = z.input<typeof ContactChanges>;

export const Contact = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  kind: z.enum(CONTACT_KINDS),
  notes: z.string(),
  isClient: z.boolean(),
  isSupplier: z.boolean(),
  address: z.string(),
  /** '' when not known or abroad. */
  state: z.string(),
  gstin: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof Contact>;
export const ContactStaleReply = StaleReply(Contact);

/**
 * GET /api/contacts?q=&kind=&after=&limit=: `after` is the last contact id of the page before.
 * `kind=client` lists every contact marked Client (whatever its kind), `kind=supplier` every one
 * marked Supplier; the other kinds list that kind.
 */
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

const op = operationsOf('workspace', ['address-book']);

/** The Address Book's operations, each declared once (docs/decisions/370). Another firm's contact answers 404. */
export const addressBookOperations = {
  list: op({ method: 'GET', path: '/contacts', summary: "A page of the firm's contacts by name (search q, kind, keyset after)", query: ContactsQuery, replies: { 200: ContactsReply, 404: ErrorReply } }),
  get: op({ method: 'GET', path: '/contacts/:id', summary: 'A contact', params: IdParams, replies: { 200: ContactReply, 404: ErrorReply } }),
  create: op({ method: 'POST', path: '/contacts', summary: 'Add a contact', body: ContactFields, replies: { 201: ContactReply, 404: ErrorReply } }),
  update: op({
    method: 'PUT',
    path: '/contacts/:id',
    summary: 'Change a contact from the `version` read; 409 with the current contact when someone changed it meanwhile',
    params: IdParams,
    body: ContactChanges,
    replies: { 200: ContactReply, 404: ErrorReply, 409: ContactStaleReply },
  }),
  remove: op({ method: 'DELETE', path: '/contacts/:id', summary: 'Delete a contact', params: IdParams, replies: { 200: MessageReply, 404: ErrorReply } }),
} as const;
