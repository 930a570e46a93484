import { accountingExportOperations as ops, type Gstr1CsvSection } from '../../server/contract/accounting-exports';
import { fillPath } from '../../server/contract/operation';
import { call, streamApiFile } from '~/utils/api.server';

/** The accounting exports' api calls (docs/decisions/405, 406), by their declarations (docs/decisions/370): GSTR-1's figures, and the files streamed through. */

export const getGstr1Summary = (request: Request, period: string) => call(request, ops.gstr1, { query: { period } });

/** A file the page links to: what it is and what it is asked for. */
export type ExportFile = { kind: 'gstr1-json'; period: string } | { kind: 'gstr1-csv'; period: string; section: Gstr1CsvSection } | { kind: 'tally' | 'zoho-invoices' | 'zoho-customers'; from: string; to: string };

const RANGE_FILES = { tally: ops.tally.path, 'zoho-invoices': ops.zohoInvoices.path, 'zoho-customers': ops.zohoCustomers.path } as const;

/** The file streamed from the api as it is written, never held by the web. */
export function streamExport(request: Request, file: ExportFile) {
  if (file.kind === 'gstr1-json') return streamApiFile(request, `${ops.gstr1Json.path}?${new URLSearchParams({ period: file.period })}`);
  if (file.kind === 'gstr1-csv') return streamApiFile(request, `${fillPath(ops.gstr1Csv.path, { section: file.section })}?${new URLSearchParams({ period: file.period })}`);
  return streamApiFile(request, `${RANGE_FILES[file.kind]}?${new URLSearchParams({ from: file.from, to: file.to })}`);
}
