import net from 'node:net';

/** The address ranges proxy-addr (Fastify's trustProxy) knows by name. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: the peers whose X-Forwarded-For counts, as Fastify's `trustProxy` takes them
 * (addresses, CIDR ranges, named ranges). `none` (or `false`) trusts nobody. Anything else, such
 * as the old boolean `true`, is refused with a message rather than read as "trust everyone".
 */
export function parseTrustedProxies(value: string): string[] | string {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 1 && ['none', 'false'].includes(entries[0]!.toLowerCase())) return [];
  const bad = entries.filter((entry) => !isTrustEntry(entry));
  if (bad.length || !entries.length) {
    return (
      `${bad.length ? `not an address, a CIDR range or one of ${NAMED_RANGES.join(', ')}: ${bad.join(', ')}` : 'empty'}. ` +
      'TRUST_PROXY lists the peers whose X-Forwarded-For is believed, e.g. "loopback" or "loopback,10.0.0.0/8"; "none" trusts nobody.'
    );
  }
  return entries.map((entry) => (NAMED_RANGES.includes(entry.toLowerCase()) ? entry.toLowerCase() : entry));
}

function isTrustEntry(entry: string): boolean {
  if (NAMED_RANGES.includes(entry.toLowerCase())) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
