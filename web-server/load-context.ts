import type { Request, Response } from 'express';

/** What the web server hands every loader and action (and entry.server.tsx) beside the request. */
export type WebLoadContext = {
  /** The nonce of this answer's Content-Security-Policy, for the inline scripts Remix renders. */
  cspNonce: string;
  /** The visitor's address as the web server worked it out (also in X-Forwarded-For). */
  clientAddress: string;
};

declare module '@remix-run/node' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebLoadContext {}
}

export function getLoadContext(_req: Request, res: Response): WebLoadContext {
  return { cspNonce: String(res.locals.cspNonce ?? ''), clientAddress: String(res.locals.clientAddress ?? '') };
}
