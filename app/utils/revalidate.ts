import type { ShouldRevalidateFunction } from '@remix-run/react';
import { keepDataForDialogs } from '~/components/dialog';

/**
 * A route's `shouldRevalidate` that, beside the popup parameters (keepDataForDialogs), ignores
 * `params` of its own that only change what the page shows of data it already has (`preview`: the
 * file in the preview panel; `rename`: the folder being renamed).
 */
export function keepDataIgnoring(...params: string[]): ShouldRevalidateFunction {
  const strip = (url: URL) => {
    const copy = new URL(url);
    for (const name of params) copy.searchParams.delete(name);
    return copy;
  };
  return (args) => keepDataForDialogs({ ...args, currentUrl: strip(args.currentUrl), nextUrl: strip(args.nextUrl) });
}
