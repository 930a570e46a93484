import { api } from '~/utils/api.server';
import type { MessageReply } from '../../server/contract/http';
import type {
  ExploreDetailReply,
  ExploreCardReply,
  PortfolioReply,
  ProjectDetailReply,
  ProjectReply,
  PublicPortfolioReply,
  PublicProjectInput,
  PublicProjectChangesInput,
  SearchReply,
  UploadImagesReply,
} from '../../server/contract/projects';

/**
 * The api calls of public (portfolio) projects and the showcase (DESIGN.md section 4,
 * /api/projects/…): the only place the web writes their paths and reply types.
 */

const publicProjectPath = (id: string) => `/projects/public-project/${encodeURIComponent(id)}`;

/** The explore gallery's page with only what its cards show (`view=card`). */
/** A page of the gallery by number, or after a keyset cursor (decision 161). */
export const getExplorePage = (request: Request, query: { page: number; limit: number } | { after: string; limit: number }) =>
  api<ExploreCardReply>(request, '/projects/explore', { query: { ...query, view: 'card' } });

export const getExploreProject = (request: Request, id: string) =>
  api<ExploreDetailReply>(request, `/projects/explore/${encodeURIComponent(id)}`);

export const searchShowcase = (request: Request, search: string) => api<SearchReply>(request, '/projects/search', { query: { search } });

/** A firm's public portfolio (its approved public projects and profile). */
export const getPublicPortfolio = (request: Request, firmId: string) =>
  api<PublicPortfolioReply>(request, `/projects/public-portfolio/${encodeURIComponent(firmId)}`);

/** The signed-in firm's own portfolio. */
export const getPortfolio = (request: Request) => api<PortfolioReply>(request, '/projects/portfolio');

export const getPublicProject = (request: Request, id: string) => api<ProjectDetailReply>(request, publicProjectPath(id));

export const createPublicProject = (request: Request, body: PublicProjectInput) =>
  api<ProjectReply>(request, '/projects/public-project', { method: 'POST', json: body });

export const updatePublicProject = (request: Request, id: string, body: PublicProjectChangesInput) =>
  api<ProjectReply>(request, publicProjectPath(id), { method: 'PUT', json: body });

export const deletePublicProject = (request: Request, id: string) => api<MessageReply>(request, publicProjectPath(id), { method: 'DELETE' });

/** Project images not yet in a project (multipart `files`); their ids go into a project's `imageIds`. */
export const uploadProjectImages = (request: Request, body: FormData) =>
  api<UploadImagesReply>(request, '/projects/images', { method: 'POST', body });
