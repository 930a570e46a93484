import type { Page, Response } from '@playwright/test';
import { expect, ready } from './fixtures';

/** What the browser downloads of the web's scripts (the client bundle's checks). */

/** zod's code in a script: zod 4's core classes, zod 3's error class (remix-toast carries zod 3). */
export const ZOD_CODE = /\$ZodType|ZodError/;

/** The scripts of /build/ the browser downloads while `visit` runs, by path, with their text. */
export async function scriptsDuring(page: Page, visit: () => Promise<unknown>): Promise<Map<string, string>> {
  const pending = new Map<string, Promise<string>>();
  const onResponse = (response: Response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/build/') && pathname.endsWith('.js')) pending.set(pathname, response.text());
  };
  page.on('response', onResponse);
  try {
    await visit();
    await ready(page, true);
    // Modules loaded on demand after hydration (the register-firm dialog's, decision 160) count too.
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', onResponse);
  }
  return new Map(await Promise.all([...pending].map(async ([path, text]) => [path, await text] as const)));
}

/**
 * The first load's scripts of a page, as the bench measures it (scripts/bench.ts `pageWeight`): the
 * bytes of /build/ scripts on the wire (gzip, the web server compresses them) until the network is
 * idle, and each script's text.
 */
export async function firstLoadScripts(page: Page, url: string): Promise<{ gzipBytes: number; scripts: Map<string, string> }> {
  const sizes: Array<Promise<number>> = [];
  const onResponse = (response: Response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/build/') && pathname.endsWith('.js')) sizes.push(response.request().sizes().then((s) => s.responseBodySize));
  };
  page.on('response', onResponse);
  let scripts: Map<string, string>;
  try {
    scripts = await scriptsDuring(page, () => page.goto(url, { waitUntil: 'networkidle' }));
  } finally {
    page.off('response', onResponse);
  }
  const gzipBytes = (await Promise.all(sizes)).reduce((sum, n) => sum + n, 0);
  return { gzipBytes, scripts };
}

/** Opens a page (or runs a journey) and checks that none of the scripts it loads contains zod. */
export async function expectNoZod(page: Page, visit: string | (() => Promise<unknown>)) {
  const scripts = await scriptsDuring(page, typeof visit === 'string' ? () => page.goto(visit) : visit);
  expect(scripts.size, 'the page loads its scripts').toBeGreaterThan(0);
  const withZod = [...scripts].filter(([, text]) => ZOD_CODE.test(text)).map(([path]) => path);
  expect(withZod, `scripts with zod on ${typeof visit === 'string' ? visit : 'the journey'}`).toEqual([]);
}
