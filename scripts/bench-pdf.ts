/**
 * The PDF's timings (docs/decisions/105), a target of `npm run bench` kept in its own file: the
 * summary's print view of 10 and 100 items (each with a picture inlined as the api sends it: a
 * square crop of the 480 px WebP) printed by the PDF service, first (Chromium launched by that PDF) and warm (the median of
 * the next runs). In-process, without the api call that gathers the data. Target: 100 items in at
 * most 1.5 s warm. Alone: `npx tsx scripts/bench-pdf.ts`.
 */
import os from 'node:os';
import sharp from 'sharp';
import { renderSummaryPdf } from '../app/routes/workspace.project.schedules.summary-financial.$projectId.pdf/summary-pdf.server';
import { PdfRenderer } from '../app/utils/pdf.server';
import { itemFigures, sumFigures } from '../server/contract/summary-rules';
import type { PrintData } from '../server/contract/summary-print';
import { printThumbnail, webpDataUrl } from '../server/services/print-thumbnails';

const WARM_RUNS = Number(process.env.BENCH_PDF_RUNS ?? 5);

/** A schedule of `items` items over sections of 10, two rooms, every item with a picture. */
async function printData(items: number): Promise<PrintData> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"><defs><linearGradient id="g"><stop offset="0" stop-color="#c8783e"/><stop offset="1" stop-color="#1f3a5f"/></linearGradient></defs><rect width="480" height="320" fill="url(#g)"/><circle cx="240" cy="160" r="90" fill="#f6f5f2" opacity=".4"/></svg>`;
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
  const image = webpDataUrl(await printThumbnail(webp));
  const images: Record<string, string> = {};
  const sectionCount = Math.ceil(items / 10);
  const sections = Array.from({ length: sectionCount }, (_, s) => {
    const list = Array.from({ length: Math.min(10, items - s * 10) }, (_, i) => {
      const n = s * 10 + i;
      const imageId = `${n.toString(16).padStart(24, '0')}_480x320`;
      images[imageId] = image;
      const units = 1 + (n % 3);
      const money = { retailPrice: 1_000_000 + n * 1_000, tradePrice: 700_000 + n * 500, discountBp: (n % 4) * 250 };
      return {
        id: `i${n}`,
        sectionId: `s${s}`,
        type: (n % 5 === 4 ? 'financial' : 'product') as 'product' | 'financial',
        position: i,
        version: 1,
        title: `Item ${n + 1}: solid oak side table`,
        description: 'Hand-finished solid oak with a natural oil finish, brass feet and a felt base',
        title1: '',
        description1: '',
        ...money,
        quantity: String(units),
        unit: 'NOS',
        figures: itemFigures({ ...money, quantityMilli: units * 1000 }),
        images: [{ id: imageId, url: '', w480: '', w960: '', w1600: '', width: 480, height: 320 }],
      };
    });
    return {
      id: `s${s}`,
      roomId: `r${s % 2}`,
      title: `Section ${s + 1}`,
      status: (['none', 'approved', 'in_review', 'rejected'] as const)[s % 4],
      position: s,
      version: 1,
      totals: sumFigures(list.map((i) => i.figures)),
      items: list,
      cards: [],
    };
  });
  const rooms = [0, 1].map((r) => {
    const own = sections.filter((s) => s.roomId === `r${r}`);
    return { id: `r${r}`, name: r ? 'Dining' : 'Living room', position: r, version: 1, totals: sumFigures(own.map((s) => s.totals)), sections: own };
  });
  return {
    firm: { name: 'Kapoor Design Studio', avatar: null },
    project: { id: 'p', name: 'Juhu Residence' },
    schedule: { id: 's', title: 'Living and dining' },
    summary: { schedule: { id: 's', projectId: 'p', title: 'Living and dining' }, rooms, totals: sumFigures(rooms.map((r) => r.totals)) },
    sectionCount,
    images,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export type PdfTiming = { items: number; firstMs: number; warmMs: number; bytes: number; pages?: number };

/** Prints the timings table; answers the figures. */
export async function benchPdf(): Promise<PdfTiming[]> {
  const results: PdfTiming[] = [];
  for (const items of [10, 100]) {
    const data = await printData(items);
    // A fresh renderer per size: "first" includes Chromium's launch, as the first PDF of a web process does.
    const renderer = new PdfRenderer({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', pagesAtOnce: 2, timeoutMs: 60_000 });
    try {
      let start = performance.now();
      const first = await renderSummaryPdf(data, 'financial', renderer);
      const firstMs = performance.now() - start;
      const warm: number[] = [];
      for (let i = 0; i < WARM_RUNS; i++) {
        start = performance.now();
        await renderSummaryPdf(data, 'financial', renderer);
        warm.push(performance.now() - start);
      }
      results.push({ items, firstMs, warmMs: median(warm), bytes: first.length });
    } finally {
      await renderer.close();
    }
  }
  console.log(`\nPDF (financial tab, every item with a picture; ${os.cpus().length} CPUs; warm = median of ${WARM_RUNS}; target 100 items ≤ 1500 ms warm):`);
  for (const r of results) {
    console.log(`  ${String(r.items).padStart(3)} items: first ${r.firstMs.toFixed(0)} ms (Chromium launch included), warm ${r.warmMs.toFixed(0)} ms, ${(r.bytes / 1024).toFixed(0)} KB`);
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchPdf();
}
