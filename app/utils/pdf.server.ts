import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer';
import { env } from './env.server';
import { onShutdown } from './shutdown.server';

/**
 * HTML to PDF with Puppeteer on Debian's Chromium (DESIGN.md section 9 "The PDF", docs/decisions/105):
 * - one browser per web process, launched by the first PDF and kept warm for the next ones
 *   (a launch costs about a second; a page in a warm browser a few milliseconds);
 * - at most `pagesAtOnce` pages render at a time, the others wait their turn (Chromium's memory
 *   and the machine's cores are the limit, not the number of visitors);
 * - every request the page makes is refused except `data:` URLs: the HTML carries everything it
 *   shows (images inlined as data URLs), so nothing a description holds can make the server
 *   fetch a URL (no SSRF), and JavaScript is off in the page;
 * - closed when the web process stops (shutdown hooks), relaunched if Chromium dies.
 */

export type PdfLayout = {
  landscape?: boolean;
  /** Chromium's header and footer templates (`pageNumber`, `totalPages` spans are filled in). */
  headerTemplate?: string;
  footerTemplate?: string;
  /** CSS lengths; the header and footer are drawn inside the top and bottom margins. */
  margin?: { top?: string; right?: string; bottom?: string; left?: string };
};

export type PdfRendererOptions = {
  executablePath: string;
  pagesAtOnce: number;
  /** The longest one PDF may take, waiting excluded. */
  timeoutMs: number;
};

/** Chromium's switches for a server: no sandbox (containers), nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-setuid-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--disable-sync',
  '--disable-extensions',
  '--disable-dev-shm-usage',
  '--disable-gpu',
  '--no-first-run',
  '--no-default-browser-check',
  '--metrics-recording-only',
  '--mute-audio',
  '--font-render-hinting=none',
];

/** A request the page may make: only data carried in the URL itself. */
export const isAllowedPdfRequest = (url: string) => url.startsWith('data:');

export class PdfRenderer {
  private browser: Promise<Browser> | null = null;
  /** Pages kept open between PDFs (a new tab costs more than printing a short PDF), at most `pagesAtOnce`. */
  private idle: Page[] = [];
  private active = 0;
  private readonly queue: Array<() => void> = [];
  private closed = false;

  constructor(private readonly options: PdfRendererOptions) {}

  /** The PDF of `html` on A4 (portrait unless `layout.landscape`). */
  async render(html: string, layout: PdfLayout = {}): Promise<Buffer> {
    await this.acquire();
    try {
      return await this.print(html, layout);
    } finally {
      this.release();
    }
  }

  /** Pages rendering now, and waiting for a turn (for tests and the bench). */
  get load() {
    return { active: this.active, waiting: this.queue.length };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.idle = [];
    const browser = this.browser;
    this.browser = null;
    if (browser) await browser.then((b) => b.close()).catch(() => {});
  }

  /** A page with JavaScript off and every request but `data:` refused: a kept one, or a new one. */
  private async takePage(): Promise<Page> {
    while (this.idle.length) {
      const page = this.idle.pop()!;
      if (!page.isClosed() && page.browser().connected) return page;
    }
    const browser = await this.launch();
    const page = await browser.newPage();
    page.setDefaultTimeout(this.options.timeoutMs);
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (request: HTTPRequest) => {
      if (request.isInterceptResolutionHandled()) return;
      if (isAllowedPdfRequest(request.url())) void request.continue();
      else void request.abort('blockedbyclient');
    });
    return page;
  }

  private async print(html: string, layout: PdfLayout): Promise<Buffer> {
    const page = await this.takePage();
    let reusable = false;
    try {
      // The whole document is replaced: nothing of the previous PDF stays in the page.
      await page.setContent(html, { waitUntil: 'load', timeout: this.options.timeoutMs });
      const header = layout.headerTemplate ?? '';
      const footer = layout.footerTemplate ?? '';
      const pdf = await page.pdf({
        format: 'A4',
        landscape: layout.landscape ?? false,
        printBackground: true,
        // A tagged PDF carries a structure tree of the whole page (100 items: 515 KB against 139 KB);
        // this print-out does without it, and its text stays selectable and searchable.
        tagged: false,
        displayHeaderFooter: Boolean(header || footer),
        // Chromium draws its own title and date when a template is empty: an empty element draws nothing.
        headerTemplate: header || '<span></span>',
        footerTemplate: footer || '<span></span>',
        margin: { top: '16mm', right: '12mm', bottom: '16mm', left: '12mm', ...layout.margin },
        timeout: this.options.timeoutMs,
      });
      reusable = true;
      return Buffer.from(pdf);
    } finally {
      // A page that failed (a timeout, a crash) is closed, not kept.
      if (reusable && !this.closed && this.idle.length < this.options.pagesAtOnce) this.idle.push(page);
      else await page.close().catch(() => {});
    }
  }

  private launch(): Promise<Browser> {
    if (this.closed) throw new Error('The PDF service is closed');
    if (!this.browser) {
      const starting = puppeteer.launch({
        executablePath: this.options.executablePath,
        headless: true,
        args: CHROMIUM_ARGS,
        // The web server closes the browser itself on SIGTERM/SIGINT, after the answers under way.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
      this.browser = starting;
      starting.then(
        (browser) =>
          browser.on('disconnected', () => {
            // Chromium died (or was closed): the next PDF launches a new one, with new pages.
            if (this.browser === starting) {
              this.browser = null;
              this.idle = [];
            }
          }),
        () => {
          if (this.browser === starting) this.browser = null;
        },
      );
    }
    return this.browser;
  }

  private acquire(): Promise<void> {
    if (this.active < this.options.pagesAtOnce) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private release() {
    const next = this.queue.shift();
    // The slot passes straight to the next in line, so `active` never goes over the cap.
    if (next) next();
    else this.active--;
  }
}

const KEY = Symbol.for('archivista.pdf-renderer');
const registry = globalThis as typeof globalThis & { [KEY]?: PdfRenderer };

/**
 * The web process's PDF renderer: created on first use, one per process (development re-imports of
 * the build find the same one), closed by the web server's shutdown hooks.
 */
export function pdfRenderer(): PdfRenderer {
  let renderer = registry[KEY];
  if (!renderer) {
    renderer = new PdfRenderer({
      executablePath: env.CHROMIUM_PATH,
      pagesAtOnce: env.PDF_PAGES_AT_ONCE,
      timeoutMs: 30_000,
    });
    registry[KEY] = renderer;
    const created = renderer;
    onShutdown(async () => {
      if (registry[KEY] === created) delete registry[KEY];
      await created.close();
    });
  }
  return renderer;
}
