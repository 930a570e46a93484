import crypto from 'node:crypto';

/** A new 24-hex id (the id shape the spec's breadcrumb recognises). */
export function newId(): string {
  return crypto.randomBytes(12).toString('hex');
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;
