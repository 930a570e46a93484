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

type ContactParticulars = { name: string; company: string; email: string; phone: string; address: string; state: string; gstin: string; isClient: boolean };

/**
 * A contact's particulars as one text (decision 384): what a project's "client details" holds when
 * its client is picked from the Address Book: company, phone, email, address with its state, GSTIN.
 */
export function contactDetailsText(contact: ContactParticulars, max = 2000): string {
  const address = [contact.address, contact.state].filter(Boolean).join(', ');
  const lines = [contact.company, contact.phone && `Phone ${contact.phone}`, contact.email && `Email ${contact.email}`, address, contact.gstin && `GSTIN ${contact.gstin}`];
  return lines.filter(Boolean).join('\n').slice(0, max);
}

/** The Address Book's contact of a name typed or picked (clients first; letter case aside), or undefined. */
export function contactNamed<C extends ContactParticulars>(contacts: readonly C[], name: string): C | undefined {
  const wanted = name.trim().toLowerCase();
  if (!wanted) return undefined;
  const named = contacts.filter((c) => c.name.trim().toLowerCase() === wanted);
  return named.find((c) => c.isClient) ?? named[0];
}
