import { call } from '~/utils/api.server';
import type { ExploreCardReply, PublicProjectInput, PublicProjectChangesInput } from '../../server/contract/projects';
import { portfolioOperations as portfolio, showcaseOperations as showcase } from '../../server/contract/showcase-operations';

/**
 * The api calls of public (portfolio) projects and the showcase (DESIGN.md section 4,
 * /api/projects/…), each by its declaration (server/contract/showcase-operations.ts,
 * docs/decisions/370).
 */

/** The explore gallery's page with only what its cards show (`view=card`). */
/** A page of the gallery by number, or after a keyset cursor (decision 161). */
export const getExplorePage = async (request: Request, query: { page: number; limit: number } | { after: string; limit: number }) =>
  // The declaration answers either view; `view: 'card'` asks for the cards' (ExploreCardReply).
  (await call(request, showcase.explore, { query: { ...query, view: 'card' } })) as ExploreCardReply;

export const getExploreProject = (request: Request, id: string) => call(request, showcase.exploreProject, { params: { id } });

export const searchShowcase = (request: Request, search: string) => call(request, showcase.search, { query: { search } });

/** A firm's public portfolio (its approved public projects and profile). */
export const getPublicPortfolio = (request: Request, firmId: string) => call(request, showcase.publicPortfolio, { params: { id: firmId } });

/** The signed-in firm's own portfolio. */
export const getPortfolio = (request: Request) => call(request, portfolio.portfolio, {});

export const getPublicProject = (request: Request, id: string) => call(request, showcase.publicProject, { params: { id } });

export const createPublicProject = (request: Request, body: PublicProjectInput) => call(request, portfolio.create, { json: body });

export const updatePublicProject = (request: Request, id: string, body: PublicProjectChangesInput) => call(request, portfolio.update, { params: { id }, json: body });

export const deletePublicProject = (request: Request, id: string) => call(request, portfolio.remove, { params: { id } });

/** Project images not yet in a project (multipart `files`); their ids go into a project's `imageIds`. */
export const uploadProjectImages = (request: Request, body: FormData) => call(request, portfolio.uploadImages, { body });
