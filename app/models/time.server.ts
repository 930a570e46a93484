import { call } from '~/utils/api.server';
import { timeOperations as ops, type BillTimeBody, type RatesBody, type TimeEntryBody, type TimeEntryChangeBody, type TimerBody, type WeekBody } from '../../server/contract/time';

/** The web's calls of people's time (docs/decisions/371–373), each by its declaration (docs/decisions/370). */

export const getProjectTime = async (request: Request, projectId: string, week?: string) => (await call(request, ops.project, { params: { projectId }, query: week ? { week } : {} })).data;
export const recordTime = (request: Request, projectId: string, json: TimeEntryBody) => call(request, ops.record, { params: { projectId }, json });
export const changeTime = (request: Request, projectId: string, entryId: string, json: TimeEntryChangeBody) => call(request, ops.change, { params: { projectId, entryId }, json });
export const removeTime = (request: Request, projectId: string, entryId: string) => call(request, ops.remove, { params: { projectId, entryId } });
export const startTimer = (request: Request, projectId: string, json: TimerBody) => call(request, ops.startTimer, { params: { projectId }, json });
export const stopTimer = (request: Request) => call(request, ops.stopTimer, {});
export const billTime = (request: Request, projectId: string, json: BillTimeBody) => call(request, ops.bill, { params: { projectId }, json });
export const getTimesheet = async (request: Request, query: { week?: string; userId?: string }) => (await call(request, ops.timesheet, { query })).data;
export const approveWeek = (request: Request, json: WeekBody) => call(request, ops.approve, { json });
export const reopenWeek = (request: Request, json: WeekBody) => call(request, ops.reopen, { json });
export const saveRates = (request: Request, userId: string, json: RatesBody) => call(request, ops.rates, { params: { userId }, json });
