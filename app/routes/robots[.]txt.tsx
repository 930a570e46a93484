import { robotsTxt } from '~/utils/indexing';
import { env } from '~/utils/env.server';

/** robots.txt (docs/decisions/386): the private areas disallowed, the sitemap index named. */
export const loader = () =>
  new Response(robotsTxt(env.PUBLIC_URL), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
