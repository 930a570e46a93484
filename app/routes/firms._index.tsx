import { json, redirect, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useLocation, useSubmit } from '@remix-run/react';
import type { FormEvent } from 'react';
import { FilterCombo } from '~/components/filter-combo';
import { FirmCard } from '~/components/firm-card';
import { LoadMore, useInfiniteList } from '~/components/infinite-list';
import { ownerName } from '~/components/owner-name';
import { Paging } from '~/components/paging';
import { Toast } from '~/components/toast';
import { getFirmDirectory } from '~/models/firms.server';
import { parseKeyset, parsePage, toImageVariants, type Keyset } from '~/utils/showcase.server';
import { parseNamedCursor, parseRatedCursor } from '../../server/contract/keyset-cursor';
import type { DirectorySort } from '../../server/contract/profile-rules';
import type { FirmCard as FirmCardData } from '../../server/contract/profile';
import { avatarVariants, FIRM_PAGE_SIZE } from '../../server/contract/profile-rules';
import { PROJECT_TYPES } from '../../server/contract/vocabulary';
import { cityNames, countryNames, stateNames } from '~/utils/places.server';
import { itemList, placeLine, publicMeta, publicOrigin } from '~/utils/seo';
import { optional } from '~/utils/form-action.server';
import { reviewSheets, showcaseSheets } from '~/styles/sheets';
import { showcaseHeaders, showcasePageHeaders } from '~/utils/public-cache.server';


export const links: LinksFunction = () => [...showcaseSheets, ...reviewSheets];

/** Shared-cacheable for visitors (docs/decisions/388). */
export const headers = showcasePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const origin = publicOrigin(matches);
  const values = data?.values;
  const where = values ? placeLine(values.city, values.state, values.country) : null;
  const type = values?.projectType || null;
  const page = data?.page ?? 1;
  const narrowed = `${type ? ` for ${type.toLowerCase()}` : ''}${where ? ` in ${where}` : ''}`;
  const suffix = page > 1 ? `, page ${page}` : '';
  const query = new URLSearchParams();
  for (const name of ['country', 'state', 'city', 'projectType'] as const) if (values?.[name] && !data?.errors[name]) query.set(name, values[name]);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return publicMeta(matches, {
    path: text ? `/firms?${text}` : '/firms',
    title: `Firms${narrowed}${suffix}`,
    description: `A directory of verified architecture and interior-design firms${narrowed || ', by place and project type'}${suffix}.`,
    image: data?.items.find((f) => f.projects[0]?.thumbnail)?.projects[0]?.thumbnail?.w1600,
    jsonLd: [itemList(origin, `Firms${narrowed}`, (data?.items ?? []).map((f) => ({ name: f.name, path: `/firms/${f.id}` })), (page - 1) * FIRM_PAGE_SIZE)],
  });
};

/** The name in `list` equal to `value` ignoring case, or undefined. */
function pick(list: string[], value: string | null): string | undefined {
  const wanted = value?.trim().toLowerCase();
  return wanted ? list.find((x) => x.toLowerCase() === wanted) : undefined;
}

/**
 * The filters of the URL, checked against the offline place data: State counts only with a
 * Country, City only with a State. Project type is accepted as its label or its key.
 */
function parseFilters(url: URL) {
  const raw = (name: string) => url.searchParams.get(name)?.trim() ?? '';
  const errors: Record<string, string> = {};
  const country = pick(countryNames(), raw('country'));
  if (raw('country') && !country) errors.country = 'Choose a country from the list';
  const state = country ? pick(stateNames(country), raw('state')) : undefined;
  if (country && raw('state') && !state) errors.state = 'Choose a state of the chosen country';
  const city = country && state ? pick(cityNames(country, state), raw('city')) : undefined;
  if (state && raw('city') && !city) errors.city = 'Choose a city of the chosen state';
  const wantedType = raw('projectType').toLowerCase();
  const type = wantedType ? PROJECT_TYPES.find((t) => t.value === wantedType || t.label.toLowerCase() === wantedType) : undefined;
  if (wantedType && !type) errors.projectType = 'Choose a project type from the list';
  return {
    filters: { country, state, city, projectType: type?.value },
    /** What the inputs show: the canonical names, or what was typed when it matched nothing. */
    values: {
      country: country ?? raw('country'),
      state: state ?? (country ? raw('state') : ''),
      city: city ?? (state ? raw('city') : ''),
      projectType: type?.label ?? raw('projectType'),
    },
    errors,
  };
}

/** The hidden fields of the filter form that carry the Country and State it was rendered with. */
const SHOWN = { country: 'shownCountry', state: 'shownState' } as const;

/**
 * Without JavaScript a changed Country (or State) arrives with the old State and City, which no
 * longer belong to it: a changed parent clears its children here, and the
 * visitor lands on the clean URL of what was chosen. Null when the URL needs no change.
 */
function clearChangedChildren(url: URL): string | null {
  const params = url.searchParams;
  if (!params.has(SHOWN.country) && !params.has(SHOWN.state)) return null;
  const same = (a: string | null, b: string | null) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
  const next = new URLSearchParams(params);
  if (!same(params.get(SHOWN.country), params.get('country'))) {
    next.delete('state');
    next.delete('city');
  } else if (!same(params.get(SHOWN.state), params.get('state'))) next.delete('city');
  next.delete(SHOWN.country);
  next.delete(SHOWN.state);
  // A new filter starts at the first page; empty fields say nothing.
  next.delete('page');
  for (const [key, value] of [...next]) if (!value.trim()) next.delete(key);
  const text = next.toString();
  return text ? `${url.pathname}?${text}` : url.pathname;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const clean = clearChangedChildren(url);
  if (clean) throw redirect(clean);
  const page = parsePage(url);
  const { filters, values, errors } = parseFilters(url);
  const options = {
    countries: countryNames(),
    states: filters.country ? stateNames(filters.country) : [],
    cities: filters.country && filters.state ? cityNames(filters.country, filters.state) : [],
  };
  // By name unless the visitor asks for the best rated first (docs/decisions/410); anything else is the default.
  const sort: DirectorySort = url.searchParams.get('sort') === 'rating' ? 'rating' : 'name';
  const base = { page, values, errors, options, sort, filtered: Object.values(filters).some(Boolean) };
  // Public: a visitor reads the directory too (docs/decisions/385).
  const list = await directoryPage(request, page, { ...filters, sort }, parseKeyset(url, sort === 'rating' ? parseRatedCursor : parseNamedCursor));
  return json({ ...base, ...list }, { headers: await showcaseHeaders(request, { failed: list.toast !== null }) });
}

/**
 * One page of the directory: numbered (`?page=N`, old links and the Paging links, counted) or, from
 * the "Load more" link and the infinite scroll, after the last firm shown (decision 175), with the
 * total the first page counted.
 */
async function directoryPage(request: Request, page: number, filters: Record<string, string | undefined> & { sort: DirectorySort }, keyset: Keyset | null) {
  const where = keyset ? { after: keyset.after } : { page };
  // Spec, error catalogue: a failed list shows the server's message as a toast.
  const { reply, toast } = await optional(getFirmDirectory(request, { ...where, limit: FIRM_PAGE_SIZE, ...filters }));
  const items: Array<ReturnType<typeof toItem>> = reply?.firms.map(toItem) ?? [];
  const next = reply?.nextCursor ?? null;
  return { items, count: reply?.count ?? keyset?.total ?? 0, hasMore: next !== null, next, toast };
}

/** A directory card's data: the firm's public fields, small avatar, and a thumbnail per project. */
function toItem(f: FirmCardData) {
  return {
    id: f.id,
    name: ownerName(f),
    firmType: f.firmType,
    city: f.city,
    state: f.state,
    profileImage: avatarVariants(f.profileImage)?.s96 ?? null,
    projectCount: f.projectCount,
    rating: f.reviewCount > 0 ? { count: f.reviewCount, averageCenti: f.ratingCenti } : null,
    projects: f.projects.map((p) => ({
      id: p.id,
      projectName: p.projectName,
      thumbnail: p.thumbnail ? toImageVariants(p.thumbnail) : null,
    })),
  };
}

const TYPE_LABELS = PROJECT_TYPES.map((t) => t.label);

export default function Firms() {
  const data = useLoaderData<typeof loader>();
  const { items, hasMore, loading, nextHref, loadNext, lastPage } = useInfiniteList(data);
  const { pathname, search } = useLocation();
  const submit = useSubmit();
  const { values, options, errors } = data;

  /** With JavaScript, a filter applies as soon as it holds a value of its list (or is emptied). */
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const input = event.target as HTMLInputElement;
    const form = event.currentTarget;
    // The order is a choice of two: it applies at once.
    if (input.name === 'sort') return submit(form, { replace: true, preventScrollReset: true });
    const value = input.value.trim().toLowerCase();
    const listed = [...(input.list?.options ?? [])].some((o) => o.value.toLowerCase() === value);
    if (value !== '' && !listed) return;
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
    // Changing a parent clears its children.
    if (input.name === 'country') {
      field('state')!.value = '';
      field('city')!.value = '';
    }
    if (input.name === 'state') field('city')!.value = '';
    submit(form, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="container firms-page">
      <header className="page-head">
        <div>
          <p className="eyebrow">Directory</p>
          <h1>Architecture and interior-design firms</h1>
          <p className="muted" data-testid="firm-count">
            {data.count} {data.count === 1 ? 'firm' : 'firms'}
            {data.filtered ? (data.count === 1 ? ' matches your filters' : ' match your filters') : ''}
          </p>
        </div>
      </header>
      <Form method="get" className="filters card" onChange={onChange} data-testid="firm-filters">
        <input type="hidden" name={SHOWN.country} value={values.country} />
        <input type="hidden" name={SHOWN.state} value={values.state} />
        <FilterCombo name="country" label="Country" options={options.countries} value={values.country} placeholder="Any country" error={errors.country} />
        <FilterCombo
          name="state"
          label="State"
          options={options.states}
          value={values.state}
          placeholder="Any state"
          error={errors.state}
          dependsOn={{ label: 'Country', value: values.country, error: errors.country }}
        />
        <FilterCombo
          name="city"
          label="City"
          options={options.cities}
          value={values.city}
          placeholder="Any city"
          error={errors.city}
          dependsOn={{ label: 'State', value: values.state, error: errors.state }}
        />
        <FilterCombo name="projectType" label="Project Type" options={TYPE_LABELS} value={values.projectType} placeholder="Any project type" error={errors.projectType} />
        <div className="filter-field filter-sort">
          <label htmlFor="firm-sort">Sort by</label>
          {/* The default order has no value, so an unsorted directory keeps its one canonical address. */}
          <select id="firm-sort" name="sort" defaultValue={data.sort === 'rating' ? 'rating' : ''} data-testid="firm-sort">
            <option value="">Name</option>
            <option value="rating">Rating, best first</option>
          </select>
        </div>
        <div className="filter-actions">
          <button type="submit" className="button button-primary">
            Apply
          </button>
          {data.filtered || data.sort !== 'name' || Object.keys(errors).length ? (
            <Link to="/firms" className="button button-ghost">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
      <Paging state={{ firstPage: data.page, lastPage, pageSize: FIRM_PAGE_SIZE, count: data.count }} noun={{ one: 'firm', many: 'firms' }} pathname={pathname} search={search} />
      {data.count === 0 && !data.toast ? (
        <p className="empty-state">{data.filtered ? 'No firms match these filters.' : 'No firms yet.'}</p>
      ) : items.length === 0 ? null : (
        <div className="firm-list" data-testid="firm-list">
          {items.map((f) => (
            <FirmCard key={f.id} firm={f} />
          ))}
        </div>
      )}
      <LoadMore hasMore={hasMore} loading={loading} href={nextHref} onLoad={loadNext} />
      <Toast toast={data.toast} />
    </div>
  );
}
