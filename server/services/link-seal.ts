import crypto from 'node:crypto';
import type { Database } from '../db/connection.js';
import { platformSecret } from '../queries/platform-secrets.js';

/**
 * Client links' tokens kept so the Client Board can give an open link again (docs/decisions/296):
 * AES-256-GCM under a key derived from SHARE_LINK_KEY (or, unset, a platform secret of the
 * database), the link's id as associated data, so a sealed token copied onto another row does not
 * open. The hash stays the only lookup; a token is unsealed only for a caller who may make links.
 * A sealed value: `v1.<iv>.<ciphertext><tag>` in base64url. Neither key nor token is ever logged.
 */

const VERSION = 'v1';
const SECRET_NAME = 'share-link-key';

export class LinkSeal {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly secret: () => Promise<string>) {}

  /** The seal of a configured key, else of the database's own secret. */
  static of(db: Database, configured: string | undefined): LinkSeal {
    return new LinkSeal(configured ? async () => configured : () => platformSecret(db, SECRET_NAME));
  }

  private derivedKey(): Promise<Buffer> {
    this.key ??= this.secret().then(
      (secret) => Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), 'share-link-token', 32)),
      (error: unknown) => {
        this.key = null;
        throw error;
      },
    );
    return this.key;
  }

  /**
   * Loads the key now. The routes call it when they register, so a seal made inside a transaction
   * never reads the database's secret through the outer handle (docs/decisions/302).
   */
  async ready(): Promise<this> {
    await this.derivedKey();
    return this;
  }

  async seal(token: string, linkId: string): Promise<string> {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', await this.derivedKey(), iv);
    cipher.setAAD(Buffer.from(linkId));
    const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  /** The token, or null when the value was sealed for another link or with another key. */
  async open(sealed: string, linkId: string): Promise<string | null> {
    const [version, iv, body] = sealed.split('.');
    if (version !== VERSION || !iv || !body) return null;
    const bytes = Buffer.from(body, 'base64url');
    if (bytes.length < 17) return null;
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', await this.derivedKey(), Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(linkId));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
