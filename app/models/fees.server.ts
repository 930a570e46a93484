import { call } from '~/utils/api.server';
import { feeOperations as ops } from '../../server/contract/fee-operations';
import { feeProposalOperations } from '../../server/contract/fee-proposals';
import type { FeeAgreementBody, FeeCostBody, FeeStageBody } from '../../server/contract/fees';

/** The web's calls of a project's fee agreement (docs/decisions/425–428), each by its declaration (docs/decisions/370). */

export const getFeeAgreement = async (request: Request, projectId: string) => (await call(request, ops.get, { params: { projectId } })).data;
export const saveFeeAgreement = (request: Request, projectId: string, body: FeeAgreementBody) => call(request, ops.save, { params: { projectId }, json: body });
export const recordFeeCost = (request: Request, projectId: string, body: FeeCostBody) => call(request, ops.recordCost, { params: { projectId }, json: body });
export const addFeeStage = (request: Request, projectId: string, body: FeeStageBody) => call(request, ops.addStage, { params: { projectId }, json: body });
export const saveFeeStage = (request: Request, projectId: string, stageId: string, body: FeeStageBody) => call(request, ops.saveStage, { params: { projectId, stageId }, json: body });
export const removeFeeStage = (request: Request, projectId: string, stageId: string) => call(request, ops.removeStage, { params: { projectId, stageId } });
export const moveFeeStage = (request: Request, projectId: string, stageId: string, direction: 'up' | 'down') => call(request, ops.moveStage, { params: { projectId, stageId }, json: { direction } });
export const reachFeeStage = (request: Request, projectId: string, stageId: string, reachedOn: string) => call(request, ops.reachStage, { params: { projectId, stageId }, json: { reachedOn } });
export const billFeeStage = (request: Request, projectId: string, stageId: string) => call(request, ops.billStage, { params: { projectId, stageId } });
export const shareFeeProposal = (request: Request, projectId: string, version: number) => call(request, feeProposalOperations.share, { params: { projectId }, json: { version } });
