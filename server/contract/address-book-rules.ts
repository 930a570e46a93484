/**
 * The plain values of the Address Book (docs/decisions/115): kinds, limits and
 * messages. No zod here, so browser code can use them; address-book.ts builds the schemas.
 */

export const CONTACT_KINDS = ['client', 'supplier', 'consultant', 'other'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

export const CONTACT_KIND_LABELS: Record<ContactKind, string> = {
  client: 'Client',
  supplier: 'Supplier',
  consultant: 'Consultant',
  other: 'Other',
};

export const CONTACT_LIMITS = { name: 120, company: 120, email: 254, phone: 20, notes: 2000, address: 500, search: 100, pageSize: 25, pageMax: 100 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  kindRequired: 'Choose what kind of contact this is',
  emailInvalid: 'Invalid email format',
  phoneInvalid: 'Use digits, spaces and + - ( ) only',
  emailOrPhone: 'Give an email or a phone number',
  notFound: 'Contact not found',
  empty: 'No contacts yet',
  noMatch: 'No contacts match your search',
  saveFailed: 'Failed to save contact',
  stateUnknown: 'Choose an Indian state from the list',
  stateForGstin: 'Choose the state the GSTIN is registered in',
} as const;

export function isContactKind(value: unknown): value is ContactKind {
  return typeof value === 'string' && (CONTACT_KINDS as readonly string[]).includes(value);
}
