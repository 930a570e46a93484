import { proofHeaders } from '~/utils/client-proof.server';
import { api, apiFetch, call, fetchOperation, forwardedFor } from '~/utils/api.server';
import { clientDecisionOperations as decisionOps } from '../../server/contract/client-decisions';
import type {
  ClientBoardReply,
  ClientBoardUnreadReply,
  ClientDecisionInput,
  ClientDecisionReply,
  ClientSummaryReply,
  CreatedShareLinkReply,
  CreateShareLinkInput,
  MarkDecisionsReadReply,
  ShareLink,
  ShareLinkAddressReply,
} from '../../server/contract/share-links';

/**
 * The api calls of client approval links (docs/decisions/106): the firm's (with the session) and
 * the client's (no account: the token in the path is the key). The only place the web writes
 * their paths and reply types.
 */

export const getClientBoard = (request: Request) => api<ClientBoardReply>(request, '/projects/client-board');

/** The sidebar's count of unread client decisions (docs/decisions/295). */
export const getClientBoardUnread = (request: Request) => api<ClientBoardUnreadReply>(request, '/projects/client-board/unread');

/** Marks these decisions read, or every unread one the viewer sees. */
export const markDecisionsRead = (request: Request, ids?: string[]) =>
  api<MarkDecisionsReadReply>(request, '/projects/client-board/read', { method: 'POST', json: ids ? { ids } : {} });

/** An open link's address again (docs/decisions/296). */
export const getShareLinkAddress = (request: Request, id: string) => api<ShareLinkAddressReply>(request, `/projects/share-links/${encodeURIComponent(id)}/address`);

export const createShareLink = (request: Request, scheduleId: string, body: CreateShareLinkInput) =>
  api<CreatedShareLinkReply>(request, `/projects/schedules/${encodeURIComponent(scheduleId)}/share-links`, { method: 'POST', json: body });

export const revokeShareLink = (request: Request, id: string) =>
  api<{ data: ShareLink }>(request, `/projects/share-links/${encodeURIComponent(id)}`, { method: 'DELETE' });

const sharePath = (token: string) => `/share/${encodeURIComponent(token)}`;

/** The client's view: never the visitor's session token (the link alone gives access). */
/** With the browser's proofs: a link shared through a client portal asks for one to decide (docs/decisions/391). */
export const getSharedSummary = async (request: Request, token: string) => apiFetch<ClientSummaryReply>(sharePath(token), { forwardedFor: forwardedFor(request), headers: await proofHeaders(request) });

export const decideSection = async (request: Request, token: string, sectionId: string, body: ClientDecisionInput) =>
  apiFetch<ClientDecisionReply>(`${sharePath(token)}/sections/${encodeURIComponent(sectionId)}/decision`, {
    method: 'POST',
    json: body,
    forwardedFor: forwardedFor(request),
    headers: await proofHeaders(request),
  });

/** The client's decision on one item (docs/decisions/412), with the browser's proofs like a section's. */
export const decideItem = async (request: Request, token: string, itemId: string, json: ClientDecisionInput) =>
  fetchOperation(decisionOps.decideItem, { params: { token, itemId }, json }, { forwardedFor: forwardedFor(request), headers: await proofHeaders(request), signal: request.signal });

/** A project's dated decision log (docs/decisions/413): the firm's side, with the Client Board's access. */
export const getDecisionLog = async (request: Request, projectId: string) => (await call(request, decisionOps.log, { params: { projectId } })).data;

/** The api path of a shared image, as the web's image route streams it. */
export const sharedImagePath = (token: string, imageId: string, size: number) => `${sharePath(token)}/images/${encodeURIComponent(imageId)}?size=${size}`;
