import { api } from '~/utils/api.server';
import type { MessageReply } from '../../server/contract/http';
import type {
  EnquiryBody,
  Lead,
  LeadDetailReply,
  LeadMessage,
  LeadMessageBody,
  LeadMessageReply,
  LeadReply,
  LeadsReply,
  LeadView,
  UpdateLeadBody,
} from '../../server/contract/leads';

/**
 * The web's calls to the enquiry and demand box api: the only place their api paths and reply
 * types are written. The visitor's address goes with every call (`api` forwards it), so the
 * enquiry limits count the visitor, not the web.
 */

const leadPath = (id: string) => `/leads/${encodeURIComponent(id)}`;

export async function sendEnquiry(request: Request, firmId: string, body: EnquiryBody): Promise<string> {
  return (await api<MessageReply>(request, `/firms/${encodeURIComponent(firmId)}/enquiries`, { method: 'POST', json: body })).message;
}

export async function listLeads(request: Request, query: { page: number; view: LeadView }): Promise<LeadsReply['data']> {
  return (await api<LeadsReply>(request, '/leads', { query })).data;
}

export async function getLead(request: Request, id: string): Promise<{ lead: Lead; messages: LeadMessage[] }> {
  return (await api<LeadDetailReply>(request, leadPath(id))).data;
}

export async function updateLead(request: Request, id: string, changes: UpdateLeadBody): Promise<Lead> {
  return (await api<LeadReply>(request, leadPath(id), { method: 'PATCH', json: changes })).data;
}

export async function deleteLead(request: Request, id: string): Promise<void> {
  await api<MessageReply>(request, leadPath(id), { method: 'DELETE' });
}

export async function sendLeadMessage(request: Request, id: string, body: LeadMessageBody): Promise<LeadMessage> {
  return (await api<LeadMessageReply>(request, `${leadPath(id)}/messages`, { method: 'POST', json: body })).data;
}
