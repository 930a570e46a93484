import type { Request } from 'express';

/** The first segment of a request's path, decoded (`/favicon.svg` → `favicon.svg`). */
export function firstSegment(req: Request): string {
  const first = req.path.split('/')[1] ?? '';
  try {
    return decodeURIComponent(first);
  } catch {
    return first;
  }
}

/**
 * Whether a request is a page read that takes a page slot (web-server/page-slots.ts): not an asset
 * of the browser build (`publicPath`), a public file or a call forwarded to the api. The web's app
 * and its gate (docs/decisions/429) tell them apart the same way.
 */
export function pageRead(publicPath: string, publicNames: ReadonlySet<string>) {
  return (req: Request): boolean => {
    const first = firstSegment(req);
    return !req.path.startsWith(publicPath) && first !== 'api' && first !== 'uploads' && !publicNames.has(first);
  };
}
