import { call } from '~/utils/api.server';
import type { DirectoryQuery } from '../../server/contract/profile';
import { showcaseOperations as ops } from '../../server/contract/showcase-operations';

/** The api calls of the firm directory and a firm's contact, by their declarations (docs/decisions/370). */
export const getFirmDirectory = (request: Request, query: Partial<Omit<DirectoryQuery, 'after'>> & { after?: string }) => call(request, ops.directory, { query });

/** A listed firm's contact details for the Contact popup (limited per visitor address, decision 386). */
export const getFirmContact = (request: Request, firmId: string) => call(request, ops.firmContact, { params: { firmId } });
