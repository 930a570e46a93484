import type { RequestHandler } from 'express';

/** `::ffff:127.0.0.1` (an IPv4 visitor on a dual-stack socket) as `127.0.0.1`. */
export function normaliseAddress(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

/**
 * Works out the visitor's address once, before anything reads it (DESIGN.md section 1,
 * docs/decisions/062): the socket's address, or, when the socket is a proxy named by TRUST_PROXY, the address
 * that proxy reports (express's `req.ip` walks X-Forwarded-For back to the first untrusted hop).
 * Whatever the client sent about itself is replaced, so Remix (`forwardedFor(request)`) and the
 * /api and /uploads forwarding pass on exactly this one address, and the api's per-address limits
 * cannot be dodged with a forged header. X-Forwarded-Host/-Proto are kept only from a trusted proxy.
 */
export const visitorAddress: RequestHandler = (req, res, next) => {
  const peer = req.socket.remoteAddress ?? '';
  const fromTrustedProxy = Boolean(peer) && (req.app.get('trust proxy fn') as (addr: string, i: number) => boolean)(peer, 0);
  const address = normaliseAddress(req.ip ?? peer);
  req.headers['x-forwarded-for'] = address;
  if (!fromTrustedProxy) {
    delete req.headers['x-forwarded-host'];
    delete req.headers['x-forwarded-proto'];
  }
  delete req.headers.forwarded;
  res.locals.clientAddress = address;
  next();
};

/**
 * The renderer's side of the gate (docs/decisions/429): every connection comes from the gate, over a
 * socket only this user can open, and the gate has already worked out the visitor's address (and
 * kept X-Forwarded-Host/-Proto only from a trusted proxy), so its one address is taken as it is.
 */
export const gateVisitor: RequestHandler = (req, res, next) => {
  const sent = req.headers['x-forwarded-for'];
  const address = normaliseAddress((Array.isArray(sent) ? sent[0] : sent)?.split(',')[0]?.trim() ?? '');
  req.headers['x-forwarded-for'] = address;
  delete req.headers.forwarded;
  res.locals.clientAddress = address;
  next();
};
