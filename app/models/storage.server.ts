import { call } from '~/utils/api.server';
import { planOperations } from '../../server/contract/billing-operations';

/** The web's call for the firm's storage quota: what its files use of it (by its declaration, docs/decisions/370). */
export const getStorageUsage = async (request: Request) => (await call(request, planOperations.storage, {})).data;
