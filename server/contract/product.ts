import { z } from 'zod/v4';
import { DEFAULT_PRODUCT_NAME } from './product-rules.js';

export { DEFAULT_PRODUCT_NAME };

/**
 * The product's one name (docs/decisions/262): `PRODUCT_NAME`, read by the api (mail
 * sender and subjects, the iCal feed) and the web (page titles, header, footer, PDFs) alike.
 */

export const ProductName = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(60, 'must be at most 60 characters').default(DEFAULT_PRODUCT_NAME));
