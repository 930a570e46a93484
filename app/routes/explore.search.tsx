import { json, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Avatar } from '~/components/avatar';
import type { SearchResults } from '~/components/search-box';
import { Toast } from '~/components/toast';
import { searchShowcase } from '~/models/projects.server';
import { requireUser } from '~/utils/guards.server';
import { pageTitle, productNameOf } from '~/utils/product';
import { optional, guarded, type FailureToast } from '~/utils/form-action.server';
import { showcaseSheets } from '~/styles/sheets';

export const links: LinksFunction = () => showcaseSheets;

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Search') }, { name: 'description', content: `Projects and firms of ${productNameOf(matches)} that match your search.` }];

/**
 * The header search's results: a page of its own without JavaScript (the search box is a GET form
 * to this route), and the data of the dropdown with JavaScript (a fetcher of the same loader).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const search = (new URL(request.url).searchParams.get('search') ?? '').trim().slice(0, 100);
  const [, results] = await guarded(requireUser(request), searchResults(request, search));
  return json(results);
}

async function searchResults(request: Request, search: string) {
  const results: SearchResults & { toast: FailureToast | null } = { search, projects: [], firms: [], toast: null };
  if (!search) return results;
  const { reply, toast } = await optional(searchShowcase(request, search));
  if (!reply) return { ...results, toast };
  results.projects = reply.data.projects.map(({ id, projectName }) => ({ id, projectName }));
  results.firms = reply.data.firmList.map(({ id, userName, firmName }) => ({ id, userName, firmName }));
  return results;
}

export default function SearchResultsPage() {
  const { search, projects, firms, toast } = useLoaderData<typeof loader>();
  return (
    <div className="container search-page">
      <header className="page-head">
        <div>
          <p className="eyebrow">Search</p>
          <h1>{search ? <>Results for “{search}”</> : 'Search projects and firms'}</h1>
          {search ? null : <p className="muted">Type a project or firm name in the search box above.</p>}
        </div>
        <Link to="/explore" className="button button-ghost">
          Back to Explore
        </Link>
      </header>
      {search ? (
        <div className="search-results">
          <ResultSection id="search-projects" title="Project" items={projects} empty="No projects found">
            {(p) => <Link to={`/explore/${p.id}`}>{p.projectName}</Link>}
          </ResultSection>
          <ResultSection id="search-firms" title="Firm" items={firms} empty="No firms found">
            {(f) => (
              <Link to={`/firms/${f.id}`} className="result-firm">
                <Avatar name={f.firmName || f.userName} size={28} />
                {f.firmName || f.userName}
              </Link>
            )}
          </ResultSection>
        </div>
      ) : null}
      <Toast toast={toast} />
    </div>
  );
}

/** One kind of result: a heading with the count, and a link per result (or `empty`). */
function ResultSection<T extends { id: string }>({
  id,
  title,
  items,
  empty,
  children,
}: {
  id: string;
  title: string;
  items: T[];
  empty: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} data-testid={id}>
      <h2 id={id}>
        {title} <span className="count-badge">{items.length}</span>
      </h2>
      {items.length ? (
        <ul className="result-list">
          {items.map((item) => (
            <li key={item.id}>{children(item)}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">{empty}</p>
      )}
    </section>
  );
}
