import crypto from 'node:crypto';

/** A new 24-hex id (the id shape the spec's breadcrumb recognises; checked with the contract's `isId`). */
export function newId(): string {
  return crypto.randomBytes(12).toString('hex');
}
