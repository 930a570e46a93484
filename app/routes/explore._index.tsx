import { json, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { LoadMore, useInfiniteList } from '~/components/infinite-list';
import { ownerName } from '~/components/owner-name';
import { Paging } from '~/components/paging';
import { ProjectCard } from '~/components/project-card';
import { Toast } from '~/components/toast';
import { getExplorePage } from '~/models/projects.server';

import { parseKeyset, parsePage, type Keyset, toCardProject } from '~/utils/showcase.server';
import type { ExploreCard } from '../../server/contract/projects';
import { EXPLORE_PAGE_SIZE } from '../../server/contract/projects-rules';
import { itemList, publicMeta, publicOrigin } from '~/utils/seo';
import { optional } from '~/utils/form-action.server';
import { showcaseSheets } from '~/styles/sheets';
import { showcaseHeaders, showcasePageHeaders } from '~/utils/public-cache.server';


export const links: LinksFunction = () => showcaseSheets;

/** Shared-cacheable for visitors (docs/decisions/388). */
export const headers = showcasePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const page = data?.page ?? 1;
  const suffix = page > 1 ? `, page ${page}` : '';
  const origin = publicOrigin(matches);
  return publicMeta(matches, {
    path: page > 1 ? `/explore?page=${page}` : '/explore',
    title: `Explore projects${suffix}`,
    description: `Public projects of architecture and interior-design firms${suffix}: homes, offices, shops and interiors, with photos, places and the firms behind them.`,
    image: data?.items[0]?.images[0]?.w1600,
    jsonLd: [itemList(origin, 'Public projects', (data?.items ?? []).map((p) => ({ name: p.projectName, path: `/explore/${p.id}` })), (page - 1) * (data?.pageSize ?? 0))],
  });
};

const toItem = (p: ExploreCard) => ({ ...toCardProject(p), owner: ownerName(p.owner) });

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = parsePage(url);
  // Public: a visitor reads the gallery too (docs/decisions/385).
  const data = await explorePage(request, page, parseKeyset(url));
  return json(data, { headers: await showcaseHeaders(request, { failed: data.toast !== null }) });
}

/**
 * One page of the gallery: numbered (`?page=N`, old links and the Paging links, counted) or, from
 * the "Load more" link and the infinite scroll, after the last card shown (decision 161), with the
 * total the first page counted.
 */
async function explorePage(request: Request, page: number, keyset: Keyset | null) {
  // Spec, error catalogue: a failed list shows the server's message as a toast.
  const { reply, toast } = await optional(getExplorePage(request, keyset ? { after: keyset.after, limit: EXPLORE_PAGE_SIZE } : { page, limit: EXPLORE_PAGE_SIZE }));
  const items: Array<ReturnType<typeof toItem>> = reply?.projects.map(toItem) ?? [];
  const next = reply?.nextCursor ?? null;
  return { items, page, hasMore: next !== null, next, count: reply?.count ?? keyset?.total ?? 0, pageSize: EXPLORE_PAGE_SIZE, toast };
}

export default function Explore() {
  const data = useLoaderData<typeof loader>();
  const { items, hasMore, loading, nextHref, loadNext, lastPage } = useInfiniteList(data);
  const { pathname, search } = useLocation();
  return (
    <div className="container explore">
      <header className="page-head">
        <div>
          <p className="eyebrow">Explore</p>
          <h1>Projects by architects and interior designers</h1>
        </div>
      </header>
      <Paging
        state={{ firstPage: data.page, lastPage, pageSize: data.pageSize, count: data.count }}
        noun={{ one: 'public project', many: 'public projects' }}
        pathname={pathname}
        search={search}
      />
      {data.count === 0 && !data.toast ? (
        <p className="empty-state">No public projects yet.</p>
      ) : items.length === 0 ? null : (
        <div className="project-grid" data-testid="explore-grid">
          {/* The cards' h3 titles sit under this heading, so no level is skipped (out of the grid's flow). */}
          <h2 className="visually-hidden">Projects</h2>
          {items.map((p, i) => (
            <ProjectCard key={p.id} project={p} to={`/explore/${p.id}`} owner={p.owner} priority={i < 3 && data.page === 1} />
          ))}
        </div>
      )}
      <Toast toast={data.toast} />
      <LoadMore hasMore={hasMore} loading={loading} href={nextHref} onLoad={loadNext} endText={items.length > 0 && data.count > data.pageSize ? 'You have seen all projects.' : undefined} />
    </div>
  );
}
