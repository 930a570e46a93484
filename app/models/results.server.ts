import { call } from '~/utils/api.server';
import { resultOperations as ops } from '../../server/contract/results';

/** The web's calls of what projects made (docs/decisions/378), each by its declaration (docs/decisions/370). */

export const getProjectResult = async (request: Request, projectId: string) => (await call(request, ops.project, { params: { projectId } })).data;
export const listProjectResults = async (request: Request) => (await call(request, ops.list, {})).data;
