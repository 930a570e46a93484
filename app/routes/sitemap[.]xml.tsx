import type { LoaderFunctionArgs } from '@remix-run/node';
import { streamSitemap } from '~/models/sitemaps.server';

/** The sitemap index robots.txt names (docs/decisions/387), streamed from the api. */
export const loader = ({ request }: LoaderFunctionArgs) => streamSitemap(request, 'index.xml', null);
