import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The Nu Html Checker (npm `vnu-jar`, the W3C validator's engine) over a batch of pages: one java
 * process for all of them, since the JVM's start (about a second) costs more than checking a page
 * (docs/decisions/363). What it reads is the server's HTML as sent, not the DOM after hydration.
 */

const VNU_JAR = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');

export type CheckedPage = { name: string; html: string };

type VnuMessage = {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
};

/** Every error the checker finds in the pages, one readable line each ("name, line N: message"); [] when all are valid. */
export async function htmlErrors(pages: readonly CheckedPage[]): Promise<string[]> {
  if (pages.length === 0) return [];
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vnu-'));
  try {
    const files = await Promise.all(
      pages.map(async (page, i) => {
        const file = path.join(dir, `${i}.html`);
        await fs.writeFile(file, page.html);
        return file;
      }),
    );
    const report = await new Promise<string>((resolve, reject) => {
      // --exit-zero-always: errors are read from the report, a failure to run is an error of its own.
      execFile(
        'java',
        ['-Xss4m', '-jar', VNU_JAR, '--errors-only', '--exit-zero-always', '--format', 'json', '--stdout', ...files],
        { maxBuffer: 64 * 1024 * 1024 },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      );
    });
    const { messages } = JSON.parse(report) as { messages: VnuMessage[] };
    return messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal')
      .map((m) => {
        const index = Number(path.basename(decodeURIComponent(m.url ?? '')).replace(/\.html$/, ''));
        const where = pages[index]?.name ?? m.url ?? 'a page';
        return `${where}, line ${m.lastLine ?? '?'}: ${m.message}${m.extract ? ` (${m.extract.trim().replace(/\s+/g, ' ').slice(0, 120)})` : ''}`;
      });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
