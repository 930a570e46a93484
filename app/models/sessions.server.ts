import { call } from '~/utils/api.server';
import { sessionOperations as ops } from '../../server/contract/sessions';

/** The signed-in person's sessions (decision 332), each called by its declaration (docs/decisions/370). */

export const listSessions = (request: Request) => call(request, ops.list, {});

export const endSession = (request: Request, id: string) => call(request, ops.end, { params: { id } });

export const endOtherSessions = (request: Request) => call(request, ops.endOthers, {});
