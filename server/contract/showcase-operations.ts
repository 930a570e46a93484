import { z } from 'zod/v4';
import { bodyErrors, ErrorReply, IdParams, MessageReply } from './http.js';
import { EnquiryBody, EnquiryTokenReply, FirmIdParams } from './leads.js';
import { binary, operationsOf } from './operation.js';
import { DirectoryQuery, DirectoryReply } from './profile.js';
import {
  DeletedReply,
  ExploreCardReply,
  ExploreDetailReply,
  ExploreQuery,
  ExploreReply,
  PortfolioReply,
  PROJECT_IMAGES_PER_REQUEST,
  ProjectDetailReply,
  ProjectReply,
  PublicPortfolioReply,
  PublicProjectBody,
  PublicProjectChanges,
  PublicProjectStaleReply,
  SearchQuery,
  SearchReply,
  UploadImagesReply,
} from './projects.js';
import { FirmContactReply } from './showcase.js';

/**
 * The public showcase and a firm's portfolio, each operation declared once (docs/decisions/370):
 * project pages, explore, search, a firm's public portfolio, the firm directory, a firm's contact
 * and enquiries (scope `visitor`), and the signed-in firm's own portfolio and images (scope `firm`).
 * The api registers them (server/routes/projects/explore, projects/portfolio, users/directory.ts,
 * firms/) and the web calls them (app/models/projects.server.ts, firms.server.ts, leads.server.ts).
 */

const showcaseOp = operationsOf('visitor', ['projects']);
const firmsOp = operationsOf('visitor', ['showcase']);
const enquiryOp = operationsOf('visitor', ['enquiries']);
const portfolioOp = operationsOf('firm', ['projects']);

/** What a project page answers beyond its own: unknown or not shown (404), and 403 of a refused viewer. */
const pageErrors = { 403: ErrorReply, 404: ErrorReply } as const;

/** POST /api/projects/images: the part `files`, repeated. */
export const ProjectImageParts = z.object({
  files: z.array(z.file()).min(1).max(PROJECT_IMAGES_PER_REQUEST).describe('JPEG, PNG or GIF, 15 MB each'),
});

export const showcaseOperations = {
  publicProject: showcaseOp({ method: 'GET', path: '/projects/public-project/:id', summary: 'A public project with its firm', params: IdParams, replies: { 200: ProjectDetailReply, ...pageErrors } }),
  explore: showcaseOp({
    method: 'GET',
    path: '/projects/explore',
    summary: 'A page of the explore gallery (by page number or after a keyset cursor); `view=card` gives each project its first image only',
    query: ExploreQuery,
    replies: { 200: z.union([ExploreReply, ExploreCardReply]), ...pageErrors },
  }),
  exploreProject: showcaseOp({ method: 'GET', path: '/projects/explore/:id', summary: 'A project of the explore gallery with its firm', params: IdParams, replies: { 200: ExploreDetailReply, ...pageErrors } }),
  search: showcaseOp({ method: 'GET', path: '/projects/search', summary: 'Public projects and firms matching a text', query: SearchQuery, replies: { 200: SearchReply, ...pageErrors } }),
  publicPortfolio: showcaseOp({ method: 'GET', path: '/projects/public-portfolio/:id', summary: "A firm's public portfolio: its shown projects and profile", params: IdParams, replies: { 200: PublicPortfolioReply, ...pageErrors } }),
  directory: operationsOf('visitor', ['users'])({
    method: 'GET',
    path: '/users/user-firm',
    summary: 'Firm directory (approved firms; a firm matches projectType when it has a public project of that type; `sort=rating` puts the best rated first; `after` pages by cursor)',
    query: DirectoryQuery,
    replies: { 200: DirectoryReply, 400: ErrorReply },
  }),
  firmContact: firmsOp({
    method: 'GET',
    path: '/firms/:firmId/contact',
    summary: "A listed firm's public email, number and website (the Contact popup), limited per visitor address",
    params: FirmIdParams,
    replies: { 200: FirmContactReply, 404: ErrorReply, 429: ErrorReply, 503: ErrorReply },
  }),
  enquiryToken: enquiryOp({
    method: 'GET',
    path: '/firms/:firmId/enquiry-token',
    summary: "A form token for an enquiry to this firm (the page's form sends it back)",
    params: FirmIdParams,
    replies: { 200: EnquiryTokenReply, 404: ErrorReply },
  }),
  enquire: enquiryOp({
    method: 'POST',
    path: '/firms/:firmId/enquiries',
    summary: 'Send an enquiry to a firm (its demand box); a form token used twice is 409, too many from an address 429',
    params: FirmIdParams,
    body: EnquiryBody,
    replies: { 201: MessageReply, 404: ErrorReply, 409: ErrorReply, 429: ErrorReply, 503: ErrorReply, ...bodyErrors },
  }),
} as const;

export const portfolioOperations = {
  uploadImages: portfolioOp({
    method: 'POST',
    path: '/projects/images',
    summary: `Upload 1 to ${PROJECT_IMAGES_PER_REQUEST} project images (multipart, field "files"; JPEG, PNG or GIF, 15 MB each)`,
    body: { multipart: ProjectImageParts },
    replies: { 201: UploadImagesReply, 404: ErrorReply, 413: ErrorReply, 415: ErrorReply, 429: ErrorReply },
  }),
  discardImage: portfolioOp({
    method: 'DELETE',
    path: '/projects/images/:id',
    summary: 'Discard an upload not yet in a project (409 for an image in a project)',
    params: IdParams,
    replies: { 200: DeletedReply, 404: ErrorReply, 409: ErrorReply },
  }),
  portfolio: portfolioOp({ method: 'GET', path: '/projects/portfolio', summary: "The signed-in firm's portfolio: its profile, projects and what moderation hid", replies: { 200: PortfolioReply, 404: ErrorReply } }),
  create: portfolioOp({
    method: 'POST',
    path: '/projects/public-project',
    summary: 'Add a portfolio project (its images named by imageIds or projectImages; 409 for an image another project took)',
    body: PublicProjectBody,
    replies: { 201: ProjectReply, 404: ErrorReply, 409: ErrorReply, ...bodyErrors },
  }),
  update: portfolioOp({
    method: 'PUT',
    path: '/projects/public-project/:id',
    summary: 'Change a portfolio project from the `version` read; 409 with the current project when changed meanwhile',
    params: IdParams,
    body: PublicProjectChanges,
    replies: { 200: ProjectReply, 404: ErrorReply, 409: z.union([PublicProjectStaleReply, ErrorReply]), ...bodyErrors },
  }),
  remove: portfolioOp({ method: 'DELETE', path: '/projects/public-project/:id', summary: 'Delete a portfolio project and its images', params: IdParams, replies: { 200: DeletedReply, 404: ErrorReply } }),
} as const;

/** GET /api/sitemaps/projects.xml and firms.xml: where a file of a long list starts (a keyset cursor, or a firm id). */
export const SitemapQuery = z.object({ after: z.string().max(200).optional() });

const sitemapOp = operationsOf('public', ['showcase']);
const xml = binary('application/xml');

/** The sitemap files for crawlers (docs/decisions/387), streamed as they are written; the web passes them on (app/models/sitemaps.server.ts). */
export const sitemapOperations = {
  'index.xml': sitemapOp({ method: 'GET', path: '/sitemaps/index.xml', summary: 'The sitemap index (XML)', replies: { 200: xml } }),
  'pages.xml': sitemapOp({ method: 'GET', path: '/sitemaps/pages.xml', summary: 'The sitemap of the showcase’s own pages (XML)', replies: { 200: xml } }),
  'projects.xml': sitemapOp({ method: 'GET', path: '/sitemaps/projects.xml', summary: 'A sitemap of public projects (XML), from `after` on', query: SitemapQuery, replies: { 200: xml, 400: ErrorReply } }),
  'firms.xml': sitemapOp({ method: 'GET', path: '/sitemaps/firms.xml', summary: 'A sitemap of listed firms (XML), from `after` on', query: SitemapQuery, replies: { 200: xml, 400: ErrorReply } }),
} as const;

/** GET /api/previews/{*}: the public image the preview is made from, as its path under the public files. */
export const PreviewParams = z.object({ '*': z.string().max(200) });

/** A link preview for the pages' `og:image` (docs/decisions/370): a 1200 × 630 JPEG, made once. */
export const previewOperation = operationsOf('public', ['showcase'])({
  method: 'GET',
  path: '/previews/*',
  summary: 'A 1200 × 630 link preview of a public project image or profile photo',
  params: PreviewParams,
  replies: { 200: binary('image/jpeg'), 206: binary('image/jpeg'), 404: ErrorReply, 416: ErrorReply },
});
