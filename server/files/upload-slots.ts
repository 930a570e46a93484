import { HttpError } from '../errors.js';

export const TOO_MANY_UPLOADS_MESSAGE = (limit: number) =>
  `You already have ${limit} uploads in progress. Wait until one of them finishes, then try again.`;

/**
 * Uploads in progress per account, on this api process: each holds a temporary file and a share
 * of the image encoder, so one account cannot take them all. Several replicas
 * each keep their own count; the bound per process is what protects that process.
 */
export class UploadSlots {
  private readonly active = new Map<string, number>();

  constructor(readonly perAccount: number) {}

  /** Takes a slot for `accountId`, or answers 429; call the returned function once to give it back. */
  acquire(accountId: string): () => void {
    const now = this.active.get(accountId) ?? 0;
    if (now >= this.perAccount) throw new HttpError(429, TOO_MANY_UPLOADS_MESSAGE(this.perAccount));
    this.active.set(accountId, now + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.active.get(accountId) ?? 1) - 1;
      if (left > 0) this.active.set(accountId, left);
      else this.active.delete(accountId);
    };
  }

  inProgress(accountId: string): number {
    return this.active.get(accountId) ?? 0;
  }
}
