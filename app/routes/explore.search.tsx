import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { Avatar } from '~/components/avatar';
import type { SearchResults } from '~/components/search-box';
import { Toast } from '~/components/toast';
import { api } from '~/utils/api.server';
import { requireUser } from '~/utils/auth.server';
import { guarded, listFailure } from '~/utils/showcase.server';
import type { SearchReply } from '../../server/contract/projects';

export const meta: MetaFunction = () => [{ title: 'Search — Archivista' }];

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
  const results: SearchResults & { toast: { type: 'error'; message: string } | null } = { search, projects: [], firms: [], toast: null };
  if (!search) return results;
  try {
    const { data } = await api<SearchReply>(request, '/projects/search', { query: { search } });
    results.projects = data.projects.map(({ id, projectName }) => ({ id, projectName }));
    results.firms = data.firmList.map(({ id, userName, firmName }) => ({ id, userName, firmName }));
  } catch (error) {
    results.toast = listFailure(error);
  }
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
          <section aria-labelledby="search-projects" data-testid="search-projects">
            <h2 id="search-projects">
              Project <span className="count-badge">{projects.length}</span>
            </h2>
            {projects.length ? (
              <ul className="result-list">
                {projects.map((p) => (
                  <li key={p.id}>
                    <Link to={`/explore/${p.id}`}>{p.projectName}</Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">No projects found</p>
            )}
          </section>
          <section aria-labelledby="search-firms" data-testid="search-firms">
            <h2 id="search-firms">
              Firm <span className="count-badge">{firms.length}</span>
            </h2>
            {firms.length ? (
              <ul className="result-list">
                {firms.map((f) => (
                  <li key={f.id}>
                    <Link to={`/firms/${f.id}`} className="result-firm">
                      <Avatar name={f.firmName || f.userName} size={28} />
                      {f.firmName || f.userName}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">No firms found</p>
            )}
          </section>
        </div>
      ) : null}
      <Toast toast={toast} />
    </div>
  );
}
