import { Honeypot, SpamError } from 'remix-utils/honeypot/server';
import { env } from './env.server';

// Seeded with the session secret so every web replica accepts the others' forms.
export const honeypot = new Honeypot({ encryptionSeed: env.SESSION_SECRET });

/** True when the form was filled by a bot (honeypot filled or timestamp forged). */
export async function isSpam(formData: FormData): Promise<boolean> {
  // The library skips its check when both fields are missing; our forms always render them.
  if (!formData.has('name__confirm') || !formData.has('from__confirm')) return true;
  try {
    await honeypot.check(formData);
    return false;
  } catch (error) {
    if (error instanceof SpamError) return true;
    throw error;
  }
}
