import { useRouteLoaderData } from '@remix-run/react';
import { DEFAULT_PRODUCT_NAME } from '../../server/contract/product-rules';

/**
 * The product's one name (env `PRODUCT_NAME`), as the root loader passes it to every
 * page: headers, footer and page titles read it here, never a name written in a component.
 */
type WithProductName = { productName?: string } | undefined;

/** The product's name inside a component. */
export function useProductName(): string {
  return (useRouteLoaderData('root') as WithProductName)?.productName || DEFAULT_PRODUCT_NAME;
}

type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

/** The product's name inside a `meta` function (from the root match's data). */
export function productNameOf(matches: Matches): string {
  const root = matches.find((match) => match?.id === 'root');
  return (root?.data as WithProductName)?.productName || DEFAULT_PRODUCT_NAME;
}

/** A page's title: "Calendar — Archivista" ("Workspace — Archivista admin" in the admin area). */
export const pageTitle = (matches: Matches, page: string, area?: 'admin') => `${page} — ${productNameOf(matches)}${area ? ` ${area}` : ''}`;
