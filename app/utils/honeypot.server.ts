import { Honeypot, type HoneypotInputProps } from 'remix-utils/honeypot/server';
import { env } from './env.server';

// Seeded with the session secret so every web replica accepts the others' forms.
const honeypot = new Honeypot({ encryptionSeed: env.SESSION_SECRET });

let recent: { until: number; props: HoneypotInputProps } | null = null;

/**
 * The honeypot's hidden fields for a page. Their "valid from" time is encrypted with crypto-js's
 * AES in plain JavaScript, a tenth of a project page's render: the same fields serve
 * every page of the same second, whose "valid from" then lies at most a second earlier.
 */
export function honeypotInputProps(): HoneypotInputProps {
  const now = Date.now();
  if (!recent || recent.until <= now) recent = { until: now + 1000, props: honeypot.getInputProps({ validFromTimestamp: now }) };
  return recent.props;
}

/** True when the form was filled by a bot (honeypot filled or timestamp forged). */
export async function isSpam(formData: FormData): Promise<boolean> {
  // The library skips its check when both fields are missing; our forms always render them.
  if (!formData.has('name__confirm') || !formData.has('from__confirm')) return true;
  try {
    await honeypot.check(formData);
    return false;
  } catch {
    // A SpamError, or a forged "valid from" failing inside crypto-js ("Malformed UTF-8 data"):
    // whatever the check cannot read was not written by our page, so it is spam, never a 500.
    return true;
  }
}
