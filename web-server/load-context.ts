import type { Request, Response } from 'express';

/** What the web server hands every loader and action (and entry.server.tsx) beside the request. */
export type WebLoadContext = {
  /** The nonce of this answer's Content-Security-Policy, for the inline scripts Remix renders. */
  cspNonce: string;
  /** The visitor's address as the web server worked it out (also in X-Forwarded-For). */
  clientAddress: string;
  /**
   * Replaces this answer's nonce (in its Content-Security-Policy too): a shared-cacheable page uses
   * one derived from its content, so a cached copy and a 304's policy agree (docs/decisions/388).
   */
  setCspNonce?: (nonce: string) => void;
};

declare module '@remix-run/node' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebLoadContext {}
}

export function getLoadContext(_req: Request, res: Response): WebLoadContext {
  return {
    cspNonce: String(res.locals.cspNonce ?? ''),
    clientAddress: String(res.locals.clientAddress ?? ''),
    setCspNonce: (nonce) => {
      res.locals.cspNonce = nonce;
      const policy = res.locals.cspPolicy as ((nonce: string) => string) | undefined;
      if (policy) res.setHeader('Content-Security-Policy', policy(nonce));
    },
  };
}
