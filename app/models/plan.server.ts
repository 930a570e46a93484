import { api } from '~/utils/api.server';
import type { PlanReply } from '../../server/contract/subscription';

/** The web's calls to the firm's plan (issue 13 item 3): the only place their api paths are written. */

export const getPlan = (request: Request) => api<PlanReply>(request, '/workspace/plan');
export const startTrial = (request: Request) => api<PlanReply>(request, '/workspace/plan/trial', { method: 'POST' });
export const requestSubscription = (request: Request) => api<PlanReply>(request, '/workspace/plan/request', { method: 'POST' });
