import type { LoaderFunctionArgs } from '@remix-run/node';
import { streamExport, type ExportFile } from '~/models/accounting-exports.server';
import { GSTR1_SECTIONS } from '../../server/contract/accounting-exports-rules';
import { fileOrReason } from '~/utils/form-action.server';
import { requireWorkspaceUser } from '~/utils/guards.server';

/** A download of the Accounting exports page, streamed from the api as it is written (docs/decisions/405, 406). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireWorkspaceUser(request);
  const query = new URL(request.url).searchParams;
  const get = (name: string) => query.get(name) ?? '';
  const kind = get('file');
  const section = GSTR1_SECTIONS.find((s) => s === get('section'));
  let file: ExportFile | null = null;
  if (kind === 'gstr1-json') file = { kind, period: get('period') };
  else if (kind === 'gstr1-csv' && section) file = { kind, period: get('period'), section };
  else if (kind === 'tally' || kind === 'zoho-invoices' || kind === 'zoho-customers') file = { kind, from: get('from'), to: get('to') };
  // The api checks the period and the dates; an unknown file is not one of its addresses.
  if (!file) return new Response('No such export', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  return fileOrReason(streamExport(request, file));
}
