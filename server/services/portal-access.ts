import type { FastifyRequest } from 'fastify';
import { PORTAL_MESSAGES as M, PORTAL_OPEN_WITHOUT_PROOF_DAYS, PROOF_HEADER, PROOFS_MAX } from '../contract/portal.js';
import type { AppContext } from '../context.js';
import { conflict, HttpError, isUniqueViolation, notFound } from '../errors.js';
import { recordAudit } from '../queries/audit.js';
import { findPortal, findPortalByTokenHash, hasValidProof, insertPortal, openPortalOf, touchPortal, touchView, type FoundPortal, type PortalRow, type ViewKind } from '../queries/portal.js';
import type { ShareLinkRow } from '../queries/share-links.js';
import { LinkSeal } from './link-seal.js';
import { AttemptLimiter } from './rate-limits/attempt-limiter.js';
import { hashToken, newToken } from './tokens.js';

/** A token as newToken makes it: 32 bytes in base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const WINDOW_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const proofRequired = () => new HttpError(403, M.proofRequired, undefined, 'proof-required');
const gone = () => new HttpError(410, M.revoked, undefined, 'link-gone');

/**
 * Who may read and act through a client portal (docs/decisions/390–391): the portal a token names
 * (404 unknown, 410 revoked), whether this browser proved the contact's address, and the seal that
 * gives the addresses of the portal and of the links it shared again.
 */
export class PortalAccess {
  private constructor(
    private readonly ctx: AppContext,
    readonly seal: LinkSeal,
    private readonly views: AttemptLimiter,
  ) {}

  /** Loads the seal's key when the routes register (never inside a transaction: docs/decisions/302). */
  static async create(ctx: AppContext): Promise<PortalAccess> {
    const seal = await LinkSeal.of(ctx.db, ctx.config.SHARE_LINK_KEY).ready();
    // Its own counter with the approval links' allowance: a client reading is not a sign-in.
    const max = ctx.config.SHARE_VIEWS_PER_WINDOW;
    return new PortalAccess(ctx, seal, new AttemptLimiter(ctx.limiter.store, { max, addressMax: max, windowMs: WINDOW_MS, maxDelayMs: 0 }));
  }

  /** A read, counted per visitor address like an approval link's. */
  reading<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    return this.views.run('portal-view', { address: request.ip }, work, 'every');
  }

  async open(token: string): Promise<FoundPortal> {
    const found = TOKEN_SHAPE.test(token) ? await findPortalByTokenHash(this.ctx.db, hashToken(token)) : undefined;
    if (!found) throw notFound(M.notFound);
    if (found.portal.revokedAt) throw gone();
    return found;
  }

  /** Whether the request carries a valid proof for this portal. */
  async proven(found: { portal: { id: string } }, request: FastifyRequest): Promise<boolean> {
    // The browser's proofs of its portals, comma-separated: the web keeps a few and sends them all.
    const header = request.headers[PROOF_HEADER];
    const proofs = typeof header === 'string' ? header.split(',').slice(0, PROOFS_MAX).filter((p) => TOKEN_SHAPE.test(p)) : [];
    if (!proofs.length) return false;
    return hasValidProof(this.ctx.db, found.portal.id, proofs.map(hashToken));
  }

  /** What an approval link shared through a portal tells its page: the way back, and whether this browser proved. */
  async ofLink(link: Pick<ShareLinkRow, 'portalId'>, request: FastifyRequest) {
    const portal = link.portalId ? await findPortal(this.ctx.db, link.portalId) : undefined;
    if (!portal) return null;
    return { id: portal.id, path: portal.revokedAt ? null : await this.portalPathOf(portal), proven: await this.proven({ portal }, request) };
  }

  /** Proven, and locked: past its open period a portal shows nothing until the browser proves. */
  async state(found: FoundPortal, request: FastifyRequest, now = new Date()) {
    const proven = await this.proven(found, request);
    const lapsed = now.getTime() - found.portal.createdAt.getTime() > PORTAL_OPEN_WITHOUT_PROOF_DAYS * DAY_MS;
    return { proven, locked: lapsed && !proven };
  }

  async requireUnlocked(found: FoundPortal, request: FastifyRequest) {
    if ((await this.state(found, request)).locked) throw proofRequired();
  }

  async requireProof(found: FoundPortal, request: FastifyRequest) {
    if (!(await this.proven(found, request))) throw proofRequired();
  }

  /** Records the client's visit: the portal's own first and last, and the thing's. */
  async opened(found: FoundPortal, kind: ViewKind, targetId: string, now = new Date()) {
    const { db } = this.ctx;
    if (kind === 'portal') await touchPortal(db, found.portal, now);
    await touchView(db, found.portal.id, kind, targetId, now);
  }

  /** The approval page of a link the portal shared, or null when its token was not kept. */
  async sharePathOf(link: Pick<ShareLinkRow, 'id' | 'tokenSealed'>): Promise<string | null> {
    const token = link.tokenSealed ? await this.seal.open(link.tokenSealed, link.id) : null;
    return token ? `/share/${token}` : null;
  }

  /**
   * The contact's open portal, made when it has none (decision 390: at most one open per contact).
   * Two people making it at once: the one made first is the contact's portal, the other answers 409.
   */
  async openFor(values: { firmId: string; contactId: string; actorId: string }): Promise<{ portal: PortalRow; path: string | null }> {
    const { db } = this.ctx;
    const existing = await openPortalOf(db, values.contactId);
    if (existing) return { portal: existing, path: await this.portalPathOf(existing) };
    return db
      .transaction(async (tx) => {
        const { token, hash } = newToken();
        const portal = await insertPortal(tx, { firmId: values.firmId, contactId: values.contactId, tokenHash: hash, createdBy: values.actorId }, (id) => this.seal.seal(token, id));
        await recordAudit(tx, { actorId: values.actorId, firmId: values.firmId, action: 'portal.created', targetType: 'contact', targetId: values.contactId, details: { portalId: portal.id } });
        return { portal, path: `/portal/${token}` };
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw conflict(M.created);
        throw error;
      });
  }

  /** The portal's own address, from its sealed token. */
  async portalPathOf(portal: { id: string; tokenSealed: string | null }): Promise<string | null> {
    const token = portal.tokenSealed ? await this.seal.open(portal.tokenSealed, portal.id) : null;
    return token ? `/portal/${token}` : null;
  }
}
