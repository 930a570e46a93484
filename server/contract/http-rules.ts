/**
 * The plain values every area of the api shares (no zod, so browser code can use them): the id
 * shape and the paging bounds. The schemas of http.ts are built from them.
 */

/** A stored id: 24 lowercase hex digits (the shape the spec's breadcrumb hides). */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** The highest `page` any list accepts. */
export const PAGE_MAX = 100_000;
