/** The messages of the shared contact fields (contact-fields.ts), free of zod for browser code. */
export const CONTACT_NO_MESSAGE = 'Enter a valid 10-digit phone number';
export const WEBSITE_MESSAGE = 'Enter a valid website address';
