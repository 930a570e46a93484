/**
 * The signed-in person's sessions as Setting lists them (decision 332): plain rules the web and the
 * api share. No zod, no imports from zod files.
 */

export const SESSION_MESSAGES = {
  notFound: 'That session has already ended',
  ended: 'That device is signed out',
  endedThis: 'You are signed out on this device',
  othersEnded: (count: number) => (count === 0 ? 'No other device was signed in' : count === 1 ? 'One other device is signed out' : `${count} other devices are signed out`),
} as const;

/** [name, pattern] in the order they are tried: Edge and Opera say "Chrome" too, Chrome says "Safari". */
const BROWSERS: Array<[string, RegExp]> = [
  ['Edge', /\bEdg(e|A|iOS)?\//],
  ['Opera', /\b(OPR|Opera)\//],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Firefox', /\b(Firefox|FxiOS)\//],
  ['Chrome', /\b(Chrome|CriOS|HeadlessChrome|Chromium)\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

const SYSTEMS: Array<[string, RegExp]> = [
  ['iPhone', /\biPhone\b/],
  ['iPad', /\biPad\b/],
  ['Android', /\bAndroid\b/],
  ['Windows', /\bWindows\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

/**
 * "Firefox on Windows" from a User-Agent, for a person to recognise their own devices: the
 * browser's family and the system, never versions. Not a security check: the header is whatever
 * the client says. A program (curl, a script) or nothing at all is named as such.
 */
export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return 'Unknown device';
  const browser = BROWSERS.find(([, pattern]) => pattern.test(ua))?.[0];
  const system = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  // "curl/8.5.0", "node", "python-requests/2.31": the program's name.
  const program = /^[A-Za-z][\w.-]{0,40}/.exec(ua)?.[0];
  return program ? `${program} (a program)` : 'Unknown device';
}
