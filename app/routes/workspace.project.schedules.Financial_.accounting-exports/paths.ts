import type { ExportFile } from '~/models/accounting-exports.server';

/** The page's address and its downloads' (docs/decisions/405): one place writes them. */
export const EXPORTS_PATH = '/workspace/project/schedules/Financial/accounting-exports';

export function downloadHref(file: ExportFile): string {
  const { kind, ...rest } = file;
  return `${EXPORTS_PATH}/download?${new URLSearchParams({ file: kind, ...rest })}`;
}
