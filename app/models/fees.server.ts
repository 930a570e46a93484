import { api } from '~/utils/api.server';
import type { FeeAgreementBody, FeeAgreementReply, FeeBilledReply, FeeCostBody, FeeSavedReply, FeeStageBody } from '../../server/contract/fees';

/** The web's calls of a project's fee agreement (docs/decisions/425–428): the only place their api paths are written. */

const base = (projectId: string) => `/fee-agreements/${encodeURIComponent(projectId)}`;
const stage = (projectId: string, stageId: string) => `${base(projectId)}/stages/${encodeURIComponent(stageId)}`;

export const getFeeAgreement = async (request: Request, projectId: string) => (await api<FeeAgreementReply>(request, base(projectId))).data;
export const saveFeeAgreement = (request: Request, projectId: string, body: FeeAgreementBody) => api<FeeSavedReply>(request, base(projectId), { method: 'PUT', json: body });
export const recordFeeCost = (request: Request, projectId: string, body: FeeCostBody) => api<FeeSavedReply>(request, `${base(projectId)}/costs`, { method: 'POST', json: body });
export const addFeeStage = (request: Request, projectId: string, body: FeeStageBody) => api<FeeSavedReply>(request, `${base(projectId)}/stages`, { method: 'POST', json: body });
export const saveFeeStage = (request: Request, projectId: string, stageId: string, body: FeeStageBody) => api<FeeSavedReply>(request, stage(projectId, stageId), { method: 'PUT', json: body });
export const removeFeeStage = (request: Request, projectId: string, stageId: string) => api<FeeSavedReply>(request, stage(projectId, stageId), { method: 'DELETE' });
export const moveFeeStage = (request: Request, projectId: string, stageId: string, direction: 'up' | 'down') => api<FeeSavedReply>(request, `${stage(projectId, stageId)}/move`, { method: 'POST', json: { direction } });
export const reachFeeStage = (request: Request, projectId: string, stageId: string, reachedOn: string) => api<FeeSavedReply>(request, `${stage(projectId, stageId)}/reached`, { method: 'POST', json: { reachedOn } });
export const billFeeStage = (request: Request, projectId: string, stageId: string) => api<FeeBilledReply>(request, `${stage(projectId, stageId)}/bill`, { method: 'POST', json: {} });
