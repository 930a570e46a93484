import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ON_PGLITE } from './setup/test-database';
import { createFirm, createPublicProject } from '../server/seed/factories';
import { createTestApi, type TestApi } from './helpers/test-api';

/**
 * The showcase's reads use their indexes (docs/decisions/136): each statement an api
 * route sends is explained on a database of 5,000 projects of 1,000 firms with sequential scans
 * turned off, so the plan names the index that serves it (a small table is rightly scanned whole).
 */

let api: TestApi;
let firmId: string;
beforeAll(async () => {
  if (TEST_ON_PGLITE) return;
  api = await createTestApi();
  const firm = await createFirm(api.db, { firmName: 'Courtyard Studio', city: 'Pune', country: 'India', state: 'Maharashtra' });
  firmId = firm.id;
  await createPublicProject(api.ctx, firm.id, { projectName: 'Courtyard House', images: [] });
  // Enough rows that the planner weighs indexes as it would on a real showcase (5,000 projects of 1,000 firms).
  const pool = (api.db as unknown as { $client: pg.Pool }).$client;
  await pool.query(`insert into users (id, user_name, email, role, firm_type, is_verify, firm_name, country, state, city)
    select substr(md5('firm' || g), 1, 24), 'Owner ' || g, 'plan' || g || '@example.test', 'architect', 'architect', 2, 'Studio ' || g,
           'India', 'Maharashtra', (array['Pune','Mumbai','Nagpur','Nashik','Thane'])[1 + g % 5]
    from generate_series(1, 1000) g`);
  await pool.query(`insert into projects (id, user_id, is_private, project_name, project_type, created_at)
    select substr(md5('project' || g), 1, 24), substr(md5('firm' || (1 + g % 1000)), 1, 24), g % 10 = 0, 'Building ' || g,
           'architecture-residential', now() - (g || ' minutes')::interval
    from generate_series(1, 5000) g`);
  // VACUUM also merges the GIN indexes' pending lists, as autovacuum does on a live database.
  await pool.query('vacuum analyze');
});
afterAll(() => api?.close());

/** The statements (with their values) the api sends while answering `url`. */
async function statementsOf(url: string): Promise<Array<{ text: string; values: unknown[] }>> {
  const pool = (api.db as unknown as { $client: pg.Pool }).$client;
  const original = pool.query;
  const seen: Array<{ text: string; values: unknown[] }> = [];
  pool.query = function (this: pg.Pool, ...args: unknown[]) {
    const first = args[0] as string | { text: string; values?: unknown[] };
    seen.push(typeof first === 'string' ? { text: first, values: (args[1] as unknown[]) ?? [] } : { text: first.text, values: first.values ?? (args[1] as unknown[]) ?? [] });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pool.query;
  try {
    expect((await api.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  } finally {
    pool.query = original;
  }
  return seen;
}

/** The plans of `url`'s statements, as PostgreSQL would run them if every table were large. */
async function plansOf(url: string): Promise<string> {
  const pool = (api.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    // Small tables are rightly scanned whole; with scans off the plan shows which index serves the query.
    await client.query('set enable_seqscan = off');
    const plans: string[] = [];
    for (const { text, values } of await statementsOf(url)) {
      const { rows } = await client.query(`explain ${text}`, values);
      plans.push(rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n'));
    }
    if (process.env.SHOW_PLANS) console.log(plans.join('\n---\n'));
    return plans.join('\n---\n');
  } finally {
    await client.query('reset enable_seqscan');
    client.release();
  }
}

/** How many scans of `table` a plan has (of projects: not of project_images or hidden_projects). */
const scansOf = (table: string, plan: string) => plan.match(new RegExp(` on ${table}\\b`, 'g'))?.length ?? 0;
const scansOfProjects = (plan: string) => scansOf('projects', plan);

// PostgreSQL's plans, where the showcase's scale lives (decision 195); PGlite's planner is the same code, its data folder not.
describe.skipIf(TEST_ON_PGLITE)('the showcase reads use their indexes', () => {
  it('explore: the public projects in gallery order (no sort of all projects)', async () => {
    const plan = await plansOf('/api/projects/explore?page=1&limit=12');
    // The page's ids from the listed projects' index alone (docs/decisions/192), then their rows by key.
    expect(plan).toMatch(/Limit[^\n]*\n\s*->\s+Index Only Scan Backward using projects_listed_latest_idx on projects/);
    expect(plan).toMatch(/Index Scan using projects_pkey on projects/);
    expect(plan).toContain('project_images_project_idx');
    // The total is the one row kept by triggers (docs/decisions/183, 185): projects and firms are read once, for the page.
    expect(scansOfProjects(plan)).toBe(2);
    expect(scansOf('users', plan)).toBe(1);
    expect(plan).toMatch(/InitPlan[^\n]*\n\s*->\s+(Seq|Index) Scan[^\n]* on showcase_totals\b/);
  });

  it('explore past the last page: the total alone, its one row, not a count of projects or a sum over firms', async () => {
    const statements = await statementsOf('/api/projects/explore?page=1000&limit=12');
    expect(statements).toHaveLength(2);
    const plan = await plansOf('/api/projects/explore?page=1000&limit=12');
    // The OFFSET skips entries of the listed projects' index, not rows of projects and their firms.
    expect(plan).toMatch(/Limit[^\n]*\n\s*->\s+Index Only Scan Backward using projects_listed_latest_idx on projects/);
    expect(scansOfProjects(plan)).toBe(2);
    const total = plan.split('\n---\n')[1]!;
    expect(total).toMatch(/ on showcase_totals\b/);
    expect(total).not.toMatch(/ on (projects|users)\b/);
  });

  it('explore after a cursor: the gallery index from the cursor on (no OFFSET, no count of everything)', async () => {
    // A cursor deep in the gallery (the 4,000th newest project), as the "Load more" link of a deep page carries it.
    const pool = (api.db as unknown as { $client: pg.Pool }).$client;
    const { rows } = await pool.query(`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || ',' || id as cursor
      from projects where listed order by created_at desc, id desc offset 4000 limit 1`);
    const url = `/api/projects/explore?limit=12&view=card&after=${encodeURIComponent(rows[0].cursor)}`;
    const statements = await statementsOf(url);
    expect(statements.map((s) => s.text).join('\n')).not.toMatch(/offset|count\(/i);
    const plan = await plansOf(url);
    // The cursor is a condition of the index scan itself, not a filter over rows read from the start.
    expect(plan).toMatch(/Index Scan Backward using projects_listed_latest_idx on projects[^\n]*\n\s*Index Cond: \(ROW\(created_at, id\) < ROW\(/);
  });

  it('search: the names through their trigram indexes (ILIKE %…%)', async () => {
    const plan = await plansOf('/api/projects/search?search=courtyard');
    expect(plan).toContain('projects_name_trgm_idx');
    // A listed firm's two names are one expression with one trigram index (decision 184).
    expect(plan).toContain('users_search_name_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan on (projects|users)/);
  });

  it('the firm directory by city: the case-insensitive place index', async () => {
    const plan = await plansOf('/api/users/user-firm?page=1&limit=12&country=India&city=Pune');
    // A country and city without a state (decision 187): the firms of that city in name order.
    expect(plan).toContain('users_directory_country_city_name_idx');
    expect(plan).not.toMatch(/Seq Scan on users/);
  });

  /** The cursor of the directory's `n`th firm (0-based) among `where`, as its "Load more" link carries it. */
  async function directoryCursor(n: number, where = 'true'): Promise<string> {
    const pool = (api.db as unknown as { $client: pg.Pool }).$client;
    const { rows } = await pool.query(`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || ',' || id || ',' || lower(coalesce(firm_name, user_name)) as cursor
      from users where is_verify = 2 and ${where} order by lower(coalesce(firm_name, user_name)), created_at desc, id offset ${n} limit 1`);
    return rows[0].cursor;
  }

  it('the firm directory: the listed firms in name order from the name index (no sort of every firm)', async () => {
    const plan = await plansOf('/api/users/user-firm?page=1&limit=12');
    expect(plan).toMatch(/Index Scan using users_directory_name_idx on users/);
  });

  it('the firm directory by page number: the page\'s ids from the name index, not a sort of every firm before the OFFSET', async () => {
    // At PostgreSQL's default random_page_cost (4) the planner sorted the firms; the api's connections set 1.1 (decision 195).
    const pool = (api.db as unknown as { $client: pg.Pool }).$client;
    expect((await pool.query('show random_page_cost')).rows[0].random_page_cost).toBe('1.1');
    const list = (await plansOf('/api/users/user-firm?page=60&limit=12')).split('\n---\n').find((p) => p.includes('Limit')) ?? '';
    expect(list).toMatch(/Limit[\s\S]*Index Scan using users_directory_name_idx on users/);
    expect(list).not.toMatch(/Limit\s+\([^\n]*\n\s*->\s+Sort/);
  });

  it('the firm directory by rating after a cursor: the rating index from the cursor on (docs/decisions/410)', async () => {
    const pool = (api.db as unknown as { $client: pg.Pool }).$client;
    // A spread of kept ratings, as reviews would set them, then the 300th firm in that order.
    await pool.query(`update users set review_count = 1 + (hashtext(id) & 7), rating_centi = 100 + (hashtext(id) & 255) where is_verify = 2`);
    await pool.query('analyze users');
    const { rows } = await pool.query(`select 'r' || rating_centi || ',' || review_count || ',' || id as cursor from users where is_verify = 2
      order by rating_centi desc, review_count desc, id offset 300 limit 1`);
    const plan = await plansOf(`/api/users/user-firm?sort=rating&limit=12&after=${encodeURIComponent(rows[0].cursor)}`);
    expect(plan).toMatch(/Index Scan using users_directory_rating_idx on users[^\n]*\n\s*Index Cond: \(rating_centi <= /);
    expect(plan).not.toMatch(/Seq Scan on users|Sort Key: users.rating_centi/);
    await pool.query(`update users set review_count = 0, rating_centi = 0`);
  });

  it('the firm directory after a cursor: the name index from the cursor on (no OFFSET, no count of every firm)', async () => {
    const url = `/api/users/user-firm?limit=12&after=${encodeURIComponent(await directoryCursor(800))}`;
    // The statement that picks the firms (the cards' projects are read for the page's twelve firms by id).
    const firms = (await statementsOf(url)).map((s) => s.text).filter((text) => /from "users"/.test(text) && !/cross join lateral/.test(text));
    expect(firms).toHaveLength(1);
    expect(firms[0]).not.toMatch(/offset|count\(/i);
    const plan = await plansOf(url);
    // The cursor's name bounds the index scan itself, not a filter over the firms read from the start.
    expect(plan).toMatch(/Index Scan using users_directory_name_idx on users[^\n]*\n\s*Index Cond: \(lower\(COALESCE\(firm_name, user_name\)\) >= /);
    expect(plan).not.toMatch(/Seq Scan on users|Sort Key: \(lower/);
  });

  it('the firm directory by country, state and city after a cursor: the place-and-name index, in order', async () => {
    const url = `/api/users/user-firm?limit=12&country=India&state=Maharashtra&city=Pune&after=${encodeURIComponent(await directoryCursor(100, "lower(city) = 'pune'"))}`;
    const plan = await plansOf(url);
    expect(plan).toMatch(/Index Scan using users_directory_city_name_idx on users[^\n]*\n\s*Index Cond: \(\(lower\(country\) = [^\n]*lower\(COALESCE\(firm_name, user_name\)\) >= /);
    expect(plan).not.toMatch(/Seq Scan on users|Sort Key: \(lower/);
  });

  it('the firm directory\'s cards: each firm\'s latest projects read from its own index, four rows a firm whatever it has', async () => {
    const url = `/api/users/user-firm?limit=12&after=${encodeURIComponent(await directoryCursor(300))}`;
    expect((await statementsOf(url)).filter((s) => /cross join lateral/.test(s.text))).toHaveLength(1);
    const plan = (await plansOf(url)).split('\n---\n').find((p) => p.includes('projects_firm_latest_idx')) ?? '';
    expect(plan).toMatch(/Limit[\s\S]*Index Scan (using|on) projects_firm_latest_idx/);
    expect(plan).not.toMatch(/WindowAgg|Seq Scan on projects/);
  });

  it('the firm directory by project type: each firm\'s public projects through its own index, not a scan', async () => {
    const plan = await plansOf('/api/users/user-firm?page=1&limit=12&country=India&projectType=architecture-residential');
    expect(plan).toContain('projects_user_idx');
    expect(plan).not.toMatch(/Seq Scan on (projects|users)/);
  });

  it('a firm portfolio: the projects of one firm', async () => {
    const plan = await plansOf(`/api/projects/public-portfolio/${firmId}`);
    expect(plan).toMatch(/projects_(user|firm_latest)_idx/);
  });
});
