import { FeeAgreementBody, FeeAgreementReply, FeeBilledReply, FeeCostBody, FeeMoveBody, FeeProjectParams, FeeReachedBody, FeeSavedReply, FeeStageBody, FeeStageParams } from './fees.js';
import { ErrorReply } from './http.js';
import { operationsOf } from './operation.js';

/**
 * A project's fee agreement (docs/decisions/425–428), each operation declared once
 * (docs/decisions/370), apart from fees.ts so the agreement's own rules change without touching
 * the declarations. The api registers them (server/routes/fees/) and the web calls them
 * (app/models/fees.server.ts). Every change answers the agreement as saved.
 */

const op = operationsOf('workspace', ['fees']);
const saved = { 200: FeeSavedReply, 400: ErrorReply, 404: ErrorReply, 409: ErrorReply } as const;

export const feeOperations = {
  get: op({
    method: 'GET',
    path: '/fee-agreements/:projectId',
    summary: "A project's fee agreement (null before one is made), with its stages, costs of works, stage documents and what the latest reached stage would bill",
    params: FeeProjectParams,
    replies: { 200: FeeAgreementReply, 403: ErrorReply, 404: ErrorReply },
  }),
  save: op({
    method: 'PUT',
    path: '/fee-agreements/:projectId',
    summary: 'Make or change the agreement; a new one starts from the COA stage schedule (and the COA minimum rate when none is given)',
    params: FeeProjectParams,
    body: FeeAgreementBody,
    replies: saved,
  }),
  recordCost: op({
    method: 'POST',
    path: '/fee-agreements/:projectId/costs',
    summary: 'Record the cost of works as it became known (rough, preliminary, tender, actual), dated',
    params: FeeProjectParams,
    body: FeeCostBody,
    replies: saved,
  }),
  addStage: op({ method: 'POST', path: '/fee-agreements/:projectId/stages', summary: 'Add a stage at the end of the schedule', params: FeeProjectParams, body: FeeStageBody, replies: saved }),
  saveStage: op({ method: 'PUT', path: '/fee-agreements/:projectId/stages/:stageId', summary: "Change a stage's name, cumulative share, cost basis or minimum", params: FeeStageParams, body: FeeStageBody, replies: saved }),
  removeStage: op({ method: 'DELETE', path: '/fee-agreements/:projectId/stages/:stageId', summary: 'Remove a stage that has billed nothing', params: FeeStageParams, replies: saved }),
  moveStage: op({ method: 'POST', path: '/fee-agreements/:projectId/stages/:stageId/move', summary: 'Move a stage one place up or down', params: FeeStageParams, body: FeeMoveBody, replies: saved }),
  reachStage: op({ method: 'POST', path: '/fee-agreements/:projectId/stages/:stageId/reached', summary: 'Mark a stage reached on a day; its invoice is then offered', params: FeeStageParams, body: FeeReachedBody, replies: saved }),
  billStage: op({
    method: 'POST',
    path: '/fee-agreements/:projectId/stages/:stageId/bill',
    summary: 'Bill the latest reached stage: fee on its cost × cumulative share less everything billed; a draft invoice when positive, credit notes against the stage invoices when negative',
    params: FeeStageParams,
    replies: { 201: FeeBilledReply, 404: ErrorReply, 409: ErrorReply },
  }),
} as const;
