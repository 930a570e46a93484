import { api } from '~/utils/api.server';
import type { StorageReply } from '../../server/contract/storage';

/** The web's call for the firm's storage quota: what its files use of it. */
export const getStorageUsage = async (request: Request) => (await api<StorageReply>(request, '/workspace/storage')).data;
