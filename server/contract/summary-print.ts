import { z } from 'zod/v4';
import { SeenSummaryJson, SummaryJson } from './summary.js';

/**
 * What the web's PDF route prints (DESIGN.md section 9 "The PDF", docs/decisions/105): one call
 * answers the names of the header and footer, the chosen sections of the summary with their
 * figures, and every image of the page as a data URL, so the print page needs no request at all.
 */

/** `?sections=a,b` (or repeated): the sections to print; none = every section of the schedule. */
export const PrintQuery = z.object({
  sections: z
    .union([z.string().max(5000), z.array(z.string().max(64)).max(500)])
    .optional()
    .transform((value) => (value === undefined ? [] : (Array.isArray(value) ? value : value.split(','))).map((s) => s.trim()).filter(Boolean)),
});

export const PrintReply = z.object({
  data: z.object({
    /** The firm's name, avatar and time zone (the print's date is in it; decision 265). */
    firm: z.object({ name: z.string(), avatar: z.string().nullable(), timeZone: z.string().optional() }),
    project: z.object({ id: z.string(), name: z.string() }),
    schedule: z.object({ id: z.string(), title: z.string() }),
    /** The summary with only the chosen sections (rooms without one left out); totals over what is printed. */
    summary: SummaryJson,
    /** Number of sections chosen, 0 when none is (all are printed); the PDF is portrait for exactly one. */
    sectionCount: z.number(),
    /** Each item image (by image id) as a `data:image/webp;base64,…` URL of a square crop (services/print-thumbnails.ts). */
    images: z.record(z.string(), z.string()),
  }),
});
export type PrintReply = z.infer<typeof PrintReply>;
export type PrintData = PrintReply['data'];
/** What the api validates and documents: the summary without margins for those who may not see them (docs/decisions/258). */
export const SeenPrintReply = z.object({ data: PrintReply.shape.data.extend({ summary: SeenSummaryJson }) });
