/**
 * The product's one name when `PRODUCT_NAME` is unset (docs/decisions/262). Without zod,
 * so the browser's pages can read it (decision 058).
 */
export const DEFAULT_PRODUCT_NAME = 'Archivista';
