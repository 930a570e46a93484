import type { Gstr1CsvSection, Gstr1SummaryReply } from '../../server/contract/accounting-exports';
import { api, streamApiFile } from '~/utils/api.server';

/** The accounting exports' api calls (docs/decisions/405, 406): GSTR-1's figures, and the files streamed through. */

export const getGstr1Summary = (request: Request, period: string) => api<Gstr1SummaryReply>(request, '/accounting-exports/gstr1', { query: { period } });

/** A file the page links to: what it is and what it is asked for. */
export type ExportFile = { kind: 'gstr1-json'; period: string } | { kind: 'gstr1-csv'; period: string; section: Gstr1CsvSection } | { kind: 'tally' | 'zoho-invoices' | 'zoho-customers'; from: string; to: string };

const RANGE_FILES = { tally: '/accounting-exports/tally', 'zoho-invoices': '/accounting-exports/zoho/invoices', 'zoho-customers': '/accounting-exports/zoho/customers' } as const;

/** The file streamed from the api as it is written, never held by the web. */
export function streamExport(request: Request, file: ExportFile) {
  if (file.kind === 'gstr1-json') return streamApiFile(request, `/accounting-exports/gstr1/json?${new URLSearchParams({ period: file.period })}`);
  if (file.kind === 'gstr1-csv') return streamApiFile(request, `/accounting-exports/gstr1/csv/${file.section}?${new URLSearchParams({ period: file.period })}`);
  return streamApiFile(request, `${RANGE_FILES[file.kind]}?${new URLSearchParams({ from: file.from, to: file.to })}`);
}
