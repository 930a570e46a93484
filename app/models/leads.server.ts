import { call } from '~/utils/api.server';
import { leadOperations as ops } from '../../server/contract/leads';
import { showcaseOperations as showcase } from '../../server/contract/showcase-operations';
import type { EnquiryBody, Lead, LeadMessage, LeadMessageBody, LeadsReply, LeadView, UpdateLeadBody } from '../../server/contract/leads';

/**
 * The web's calls to the enquiry and demand box api. The demand box's are called by their
 * declarations (server/contract/leads.ts `leadOperations`, docs/decisions/370), so their paths
 * and replies are checked by the type check; the enquiry's two by theirs (server/contract/showcase-operations.ts).
 * The visitor's address goes with every call (`call` forwards it), so the enquiry limits count the
 * visitor, not the web.
 */

export async function sendEnquiry(request: Request, firmId: string, body: EnquiryBody): Promise<string> {
  return (await call(request, showcase.enquire, { params: { firmId }, json: body })).message;
}

/** The form token the enquiry form sends back: issued by the api with every page that shows the form. */
export async function getEnquiryToken(request: Request, firmId: string): Promise<string> {
  return (await call(request, showcase.enquiryToken, { params: { firmId } })).data.token;
}

export async function listLeads(request: Request, query: { page: number; view: LeadView }): Promise<LeadsReply['data']> {
  return (await call(request, ops.list, { query })).data;
}

export async function getLead(request: Request, id: string): Promise<{ lead: Lead; messages: LeadMessage[] }> {
  return (await call(request, ops.get, { params: { id } })).data;
}

export async function updateLead(request: Request, id: string, changes: UpdateLeadBody): Promise<Lead> {
  return (await call(request, ops.update, { params: { id }, json: changes })).data;
}

/** A held enquiry to the inbox (docs/decisions/340). */
export async function releaseLead(request: Request, id: string): Promise<Lead> {
  return (await call(request, ops.release, { params: { id } })).data;
}

export async function deleteLead(request: Request, id: string): Promise<void> {
  await call(request, ops.delete, { params: { id } });
}

export async function sendLeadMessage(request: Request, id: string, body: LeadMessageBody): Promise<LeadMessage> {
  return (await call(request, ops.sendMessage, { params: { id }, json: body })).data;
}
