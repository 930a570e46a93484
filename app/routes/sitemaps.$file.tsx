import type { LoaderFunctionArgs } from '@remix-run/node';
import { SITEMAP_FILES, streamSitemap, type SitemapFile } from '~/models/sitemaps.server';
import { asErrorResponse } from '~/utils/form-action.server';

/** One sitemap file of the index (docs/decisions/387): the showcase's pages, public projects or listed firms, streamed from the api. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const file = params.file as SitemapFile;
  if (!SITEMAP_FILES.includes(file) || file === 'index.xml') throw new Response('Not found', { status: 404 });
  try {
    return await streamSitemap(request, file, new URL(request.url).searchParams.get('after'));
  } catch (error) {
    throw asErrorResponse(error);
  }
}
