import { api } from '~/utils/api.server';
import type { DirectoryQuery, DirectoryReply } from '../../server/contract/profile';
import type { FirmContactReply } from '../../server/contract/showcase';

/** The api call of the firm directory (GET /api/users/user-firm): the only place the web writes its path. */
export const getFirmDirectory = (request: Request, query: Partial<Omit<DirectoryQuery, 'after'>> & { after?: string }) =>
  api<DirectoryReply>(request, '/users/user-firm', { query });

/** A listed firm's contact details for the Contact popup (limited per visitor address, decision 386). */
export const getFirmContact = (request: Request, firmId: string) => api<FirmContactReply>(request, `/firms/${encodeURIComponent(firmId)}/contact`);
