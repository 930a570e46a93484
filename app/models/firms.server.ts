import { api } from '~/utils/api.server';
import type { DirectoryQuery, DirectoryReply } from '../../server/contract/profile';

/** The api call of the firm directory (GET /api/users/user-firm): the only place the web writes its path. */
export const getFirmDirectory = (request: Request, query: Partial<Omit<DirectoryQuery, 'after'>> & { after?: string }) =>
  api<DirectoryReply>(request, '/users/user-firm', { query });
