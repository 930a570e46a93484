import { createCookie } from '@remix-run/node';
import { PORTAL_PROOF_DAYS, PROOF_HEADER, PROOFS_MAX } from '../../server/contract/portal-rules';
import { env } from './env.server';

/**
 * The proofs a browser holds of client portals (docs/decisions/391): `{ portalId: proof }`, signed
 * and httpOnly, for the whole site (the portal and the approval pages it links to). A proof says
 * this browser read a code mailed to the contact; the api asks for one before a decision or a
 * payment note. A few are kept, the newest first.
 */
const proofCookie = createCookie('__client_proof', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: env.secureCookies,
  secrets: [env.SESSION_SECRET],
  maxAge: PORTAL_PROOF_DAYS * 24 * 60 * 60,
});

type Proofs = Record<string, string>;

async function proofsOf(request: Request): Promise<Proofs> {
  const value: unknown = await proofCookie.parse(request.headers.get('Cookie'));
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** The header that carries the browser's proofs to the api (none when it holds none). */
export async function proofHeaders(request: Request): Promise<Record<string, string>> {
  const proofs = Object.values(await proofsOf(request));
  return proofs.length ? { [PROOF_HEADER]: proofs.slice(0, PROOFS_MAX).join(',') } : {};
}

/** Set-Cookie keeping the new proof of `portalId` first. */
export async function keepProof(request: Request, portalId: string, proof: string): Promise<string> {
  const others = Object.entries(await proofsOf(request)).filter(([id]) => id !== portalId);
  return proofCookie.serialize(Object.fromEntries([[portalId, proof], ...others].slice(0, PROOFS_MAX)));
}
