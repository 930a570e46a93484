/** Addresses of the client portal's pages (docs/decisions/390). */
export const portalPath = (token: string) => `/portal/${encodeURIComponent(token)}`;
export const provePath = (token: string, back?: string) => `${portalPath(token)}/prove${back ? `?back=${encodeURIComponent(back)}` : ''}`;
export const portalInvoicePath = (token: string, invoiceId: string) => `${portalPath(token)}/invoices/${encodeURIComponent(invoiceId)}`;
export const portalFeeProposalPath = (token: string, proposalId: string) => `${portalPath(token)}/fee-proposals/${encodeURIComponent(proposalId)}`;
export const portalFilePath = (token: string, fileId: string) => `${portalPath(token)}/files/${encodeURIComponent(fileId)}`;

/** Where a proof may send the client back: a page of the portal or an approval page, never another site. */
export function safeBack(back: string | null, token: string): string {
  return back && /^\/(portal|share)\/[A-Za-z0-9_-]{43}(\/[A-Za-z0-9/_-]*)?(#[A-Za-z0-9_-]+)?$/.test(back) ? back : portalPath(token);
}
