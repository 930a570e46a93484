import { api } from '~/utils/api.server';
import type { MessageReply } from '../../server/contract/http';
import type {
  EnquiryBody,
  EnquiryTokenReply,
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

/** The form token the enquiry form sends back: issued by the api with every page that shows the form. */
export async function getEnquiryToken(request: Request, firmId: string): Promise<string> {
  return (await api<EnquiryTokenReply>(request, `/firms/${encodeURIComponent(firmId)}/enquiry-token`)).data.token;
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

/** A held enquiry to the inbox (docs/decisions/340). */
export async function releaseLead(request: Request, id: string): Promise<Lead> {
  return (await api<LeadReply>(request, `${leadPath(id)}/release`, { method: 'POST' })).data;
}

export async function deleteLead(request: Request, id: string): Promise<void> {
  await api<MessageReply>(request, leadPath(id), { method: 'DELETE' });
}

export async function sendLeadMessage(request: Request, id: string, body: LeadMessageBody): Promise<LeadMessage> {
  return (await api<LeadMessageReply>(request, `${leadPath(id)}/messages`, { method: 'POST', json: body })).data;
}
