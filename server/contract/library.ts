import { z } from 'zod/v4';
import { ScheduleImage } from './schedules.js';
import { ItemMoneyFields, SUMMARY_LIMITS } from './summary.js';
import { requiredText, wellFormed } from './text-fields.js';
import { StaleReply, VersionField } from './http.js';

/**
 * The Project Library (docs/decisions/108): a firm's saved products, typed once
 * and added to any schedule's sections. Prices in paise per unit, as the summary's items.
 */

export const LIBRARY_MESSAGES = {
  titleRequired: 'Title is required',
  notFound: 'Product not found',
  imageNotFound: 'Image not found',
  saved: 'Saved to the Project Library',
  added: 'Added from the Project Library',
  deleted: 'Product deleted',
  tooMany: 'The library can hold at most 2000 products.',
} as const;
export const LIBRARY_MAX = 2000;

export const LibraryProductBody = z.object({
  title: requiredText(LIBRARY_MESSAGES.titleRequired, SUMMARY_LIMITS.itemTitle).transform(wellFormed),
  description: z.string().trim().max(SUMMARY_LIMITS.itemDescription, `At most ${SUMMARY_LIMITS.itemDescription} characters`).transform(wellFormed).default(''),
  retailPrice: ItemMoneyFields.retailPrice.default(0),
  /** Only from those who see margins (docs/decisions/258): left out, a new product's is 0 and a change keeps the saved one. */
  tradePrice: ItemMoneyFields.tradePrice.optional(),
});
export type LibraryProductInput = z.input<typeof LibraryProductBody>;
/** PUT: the fields and the version of the product they were read at (docs/decisions/320). */
export const LibraryProductChanges = LibraryProductBody.extend({ version: VersionField });
export type LibraryProductChanges = z.input<typeof LibraryProductChanges>;

export const LibraryProduct = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  retailPrice: z.number(),
  /** Left out for those who do not see margins. */
  tradePrice: z.number().optional(),
  imageCount: z.number(),
  /** Its images (copies of the item's it was saved from), served by `GET /projects/library/images/{imageId}`. */
  images: z.array(ScheduleImage),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LibraryProduct = z.infer<typeof LibraryProduct>;
/** PUT's 409: the product as it now is (its trade price left out as in a 200 for those who may not see margins). */
export const LibraryProductStaleReply = StaleReply(LibraryProduct);

/** The products, and whether the caller sees their trade prices (the web shows or hides the field). */
export const LibraryListReply = z.object({ data: z.object({ products: z.array(LibraryProduct), canSeeMargins: z.boolean() }) });
export type LibraryListReply = z.infer<typeof LibraryListReply>;
export const LibraryProductReply = z.object({ data: LibraryProduct });
export type LibraryProductReply = z.infer<typeof LibraryProductReply>;

export const ItemIdParams = z.object({ itemId: z.string().max(64) });
export const LibraryImageParams = z.object({ imageId: z.string().max(80) });
export const AddToSectionParams = z.object({ id: z.string().max(64), sectionId: z.string().max(64) });
