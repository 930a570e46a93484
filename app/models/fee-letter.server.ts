import { call } from '~/utils/api.server';
import { feeLetterOperations as ops } from '../../server/contract/fee-letter';

/** The fee proposal's print data (docs/decisions/381), by its declaration (docs/decisions/370). */
export const getFeeLetter = async (request: Request, projectId: string) => (await call(request, ops.print, { params: { projectId } })).data;
