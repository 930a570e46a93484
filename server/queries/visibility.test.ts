import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_ON_PGLITE } from '../../tests/setup/test-database';
import { expectCountersRight } from '../../tests/helpers/shown-counters';
import { createTestApi, type TestApi } from '../../tests/helpers/test-api';
import { FIRM_ROLES, ROLES, VERIFY } from '../contract/vocabulary';
import { openDatabase, type Database, type DatabaseHandle } from '../db/connection';
import { newId } from '../db/ids';
import { projects, showcaseTotals, users } from '../db/schema';
import { createEmployee, createFirm, createUser } from '../seed/factories';
import { decideRegistration } from './admin';
import { setPortfolioHidden, setProjectHidden } from './moderation';
import { recountShownProjects } from './visibility';

/**
 * The counters of shown projects (migration 0014, docs/decisions/183) and the showcase's total
 * (migration 0016, docs/decisions/185) against the rule they stand for: after every write, each
 * firm's counter is its number of `shownProject()` projects and the explore total
 * (`visibleProjectCount`, one row kept by triggers) is the count of `visibleProject()`.
 */

/** A small deterministic generator (mulberry32), so a failing sequence replays the same way. */
function randomOf(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A random-ish sequence of the writes that move a project or a firm in or out of the public side,
 * checking the counters after each one.
 */
async function writeAndCheck(db: Database, seed: number, steps: number) {
  const random = randomOf(seed);
  const pick = <T>(list: T[]): T | undefined => list[Math.floor(random() * list.length)];
  const admin = await createUser(db, { isSuperAdmin: true });
  const firms: string[] = [];
  for (let i = 0; i < 4; i += 1) firms.push((await createFirm(db)).id);
  const projectIds = async () => (await db.select({ id: projects.id, userId: projects.userId }).from(projects)).filter((p) => firms.includes(p.userId));
  const change = (hidden: boolean) => ({ adminId: admin.id, hidden, reason: hidden ? 'Copyright complaint' : null });
  const createProject = (userId: string, isPrivate: boolean) =>
    db.insert(projects).values({ id: newId(), userId, isPrivate, projectName: isPrivate ? 'Private' : 'Public', projectType: 'architecture-residential' });
  /** One of the firms, replaced in the list by a new one: it is about to be deleted. */
  const firmToDelete = async () => {
    const gone = firms.splice(Math.floor(random() * firms.length), 1)[0]!;
    firms.push((await createFirm(db)).id);
    return gone;
  };
  /** Deletes a firm (its projects, portfolio row and employees go by cascade), checking the counters before. */
  const deleteFirm = async (id: string, state: string) => {
    await expectCountersRight(db, `before deleting a firm ${state}`);
    await db.delete(users).where(eq(users.id, id));
    expect(await db.select({ id: users.id }).from(users).where(sql`${users.id} = ${id} or ${users.firmId} = ${id}`)).toEqual([]);
  };

  const operations: Array<[string, () => Promise<unknown>]> = [
    ['create a public project', async () => createProject(pick(firms)!, false)],
    ['create a private project', async () => createProject(pick(firms)!, true)],
    ['toggle a project\'s privacy', async () => {
      const p = pick(await projectIds());
      if (p) await db.update(projects).set({ isPrivate: sql`not ${projects.isPrivate}` }).where(eq(projects.id, p.id));
    }],
    ['rewrite a project\'s privacy unchanged', async () => {
      const p = pick(await projectIds());
      if (p) await db.update(projects).set({ isPrivate: sql`${projects.isPrivate}`, projectName: 'Renamed' }).where(eq(projects.id, p.id));
    }],
    ['move a project to another firm', async () => {
      const p = pick(await projectIds());
      if (p) await db.update(projects).set({ userId: pick(firms)! }).where(eq(projects.id, p.id));
    }],
    ['hide a project', async () => {
      const p = pick(await projectIds());
      if (p) await setProjectHidden(db, { id: p.id, firmId: p.userId, projectName: 'P' }, change(true));
    }],
    ['show a hidden project', async () => {
      const p = pick(await projectIds());
      if (p) await setProjectHidden(db, { id: p.id, firmId: p.userId, projectName: 'P' }, change(false));
    }],
    ['delete a project', async () => {
      const p = pick(await projectIds());
      if (p) await db.delete(projects).where(eq(projects.id, p.id));
    }],
    ['change a firm\'s verification', async () => db.update(users).set({ isVerify: pick([VERIFY.approved, VERIFY.pending, VERIFY.rejected])! }).where(eq(users.id, pick(firms)!))],
    ['approve a firm', async () => db.update(users).set({ isVerify: VERIFY.approved }).where(eq(users.id, pick(firms)!))],
    ['change a firm\'s role', async () => db.update(users).set({ role: pick([...FIRM_ROLES, 'explorer'])! }).where(eq(users.id, pick(firms)!))],
    ['give a firm back a firm role', async () => db.update(users).set({ role: pick([...FIRM_ROLES])! }).where(eq(users.id, pick(firms)!))],
    ['add an employee to a firm', async () => createEmployee(db, pick(firms)!)],
    ['hide a portfolio', async () => setPortfolioHidden(db, { id: pick(firms)!, name: 'F' }, change(true))],
    ['show a portfolio', async () => setPortfolioHidden(db, { id: pick(firms)!, name: 'F' }, change(false))],
    ['delete a firm with its projects', async () => deleteFirm(await firmToDelete(), 'as it is')],
    ['delete a firm whose portfolio is hidden, with shown projects', async () => {
      const gone = await firmToDelete();
      await db.update(users).set({ isVerify: VERIFY.approved, role: 'architect' }).where(eq(users.id, gone));
      await createProject(gone, false);
      await setPortfolioHidden(db, { id: gone, name: 'F' }, change(true));
      await deleteFirm(gone, 'with a hidden portfolio');
    }],
    ['delete a listed firm with shown projects and employees', async () => {
      const gone = await firmToDelete();
      await db.update(users).set({ isVerify: VERIFY.approved, role: 'interiorDesigner' }).where(eq(users.id, gone));
      await setPortfolioHidden(db, { id: gone, name: 'F' }, change(false));
      await createProject(gone, false);
      // An employee with a shown project of its own: a counter, but no firm role, so no share of the total.
      const employee = await createEmployee(db, gone);
      await createProject(employee.id, false);
      await deleteFirm(gone, 'with employees');
    }],
  ];
  // The creations first, so the later steps have projects to work on; then each write once, whatever the seed.
  for (let i = 0; i < 12; i += 1) {
    const [name, run] = operations[i % 2]!;
    await run();
    await expectCountersRight(db, name);
  }
  const done = new Set<string>();
  for (const [name, run] of operations) {
    await run();
    done.add(name);
    await expectCountersRight(db, `once: ${name}`);
  }
  for (let i = 0; i < steps; i += 1) {
    const [name, run] = pick(operations)!;
    await run();
    done.add(name);
    await expectCountersRight(db, `step ${i}: ${name}`);
  }
  expect(done.size).toBe(operations.length);
}

/** A migration's backfill statement (the one matching `start`), as the migration runs it on existing data. */
function migrationBackfill(migration: string, start: RegExp): string {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), `../db/migrations/${migration}.sql`);
  const statements = fs.readFileSync(file, 'utf8').split('--> statement-breakpoint');
  const backfill = statements.filter((s) => start.test(s));
  expect(backfill).toHaveLength(1);
  return backfill[0]!;
}

/** `showcase_listed()` (migration 0016) for every role and verification, hidden or not, against `listedFirm()`'s vocabulary. */
async function expectShowcaseListedAsVocabulary(db: Database) {
  for (const role of [...ROLES, 'Architect', '']) {
    for (const isVerify of [...Object.values(VERIFY), 4]) {
      for (const hidden of [false, true]) {
        const answer = (await db.execute(sql`select showcase_listed(${isVerify}::integer, ${role}::text, ${hidden}::boolean) as listed`)) as unknown as { rows: Array<{ listed: boolean }> };
        const [row] = answer.rows;
        const listed = (FIRM_ROLES as readonly string[]).includes(role) && isVerify === VERIFY.approved && !hidden;
        expect(row!.listed, `${role}, is_verify ${isVerify}, hidden ${hidden}`).toBe(listed);
      }
    }
  }
}

describe.skipIf(TEST_ON_PGLITE)('the counters of shown projects on PostgreSQL', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it('follow every write that changes what the public sees', async () => {
    await writeAndCheck(api.db, 14, 150);
  });

  it('the migrations\' backfills count the projects already there', async () => {
    await writeAndCheck(api.db, 183, 40);
    const [before] = await api.db.select({ n: count() }).from(users).where(sql`${users.shownProjectCount} > 0`);
    expect(before!.n).toBeGreaterThan(0);
    const [total] = await api.db.select().from(showcaseTotals);
    expect(total!.visibleProjects).toBeGreaterThan(0);
    // As before migrations 0014 (every counter at its default) and 0016 (no total row; the triggers then have none to move).
    await api.db.update(users).set({ shownProjectCount: 0 });
    await api.db.delete(showcaseTotals);
    await api.db.execute(sql.raw(migrationBackfill('0014_shown_project_count', /^\s*UPDATE "users" SET "shown_project_count"/m)));
    expect(await api.db.select().from(showcaseTotals)).toEqual([]);
    await api.db.execute(sql.raw(migrationBackfill('0016_showcase_totals', /^\s*INSERT INTO "showcase_totals"/m)));
    // As before migration 0018 (every flag at its default), with the flags' triggers not moving anything.
    const [listedBefore] = await api.db.select({ n: count() }).from(projects).where(eq(projects.listed, true));
    expect(listedBefore!.n).toBeGreaterThan(0);
    await api.db.update(projects).set({ listed: false });
    await api.db.execute(sql.raw(migrationBackfill('0018_listed_projects', /^\s*UPDATE "projects" "p" SET "listed"/m)));
    await expectCountersRight(api.db, 'after the backfills');
    const [after] = await api.db.select({ n: count() }).from(users).where(sql`${users.shownProjectCount} > 0`);
    expect(after!.n).toBe(before!.n);
    expect(await api.db.select().from(showcaseTotals)).toEqual([total]);
  });

  it('a recount (the bench\'s scale seed) sets every counter, wrong ones and those of firms without shown projects too, the total and the flags', async () => {
    await api.db.update(users).set({ shownProjectCount: 99 });
    await api.db.update(showcaseTotals).set({ visibleProjects: 12_345 });
    await api.db.update(projects).set({ listed: sql`not ${projects.listed}` });
    await recountShownProjects(api.db);
    await expectCountersRight(api.db, 'after the recount');
  });

  it('the total\'s SQL rule of a listed firm (showcase_listed) has listedFirm()\'s roles and approval', async () => {
    await expectShowcaseListedAsVocabulary(api.db);
  });

  it('the total has one row', async () => {
    await expect(api.db.insert(showcaseTotals).values({ id: 2 })).rejects.toThrow();
    await expect(api.db.insert(showcaseTotals).values({ id: 1 })).rejects.toThrow();
  });

  it('a privacy toggle and hiding the same project at once: whichever comes first, the other waits and counts right', async () => {
    const pool = (api.db as unknown as { $client: pg.Pool }).$client;
    const firm = await createFirm(api.db);
    for (const hideFirst of [true, false]) {
      const id = newId();
      await api.db.insert(projects).values({ id, userId: firm.id, isPrivate: false, projectName: 'Raced', projectType: 'architecture-residential' });
      const [hider, toggler] = [await pool.connect(), await pool.connect()];
      try {
        await hider.query('begin');
        await toggler.query('begin');
        const hide = () => hider.query(`insert into hidden_projects (project_id, reason) values ($1, 'Raced')`, [id]);
        const toggle = () => toggler.query(`update projects set is_private = true where id = $1`, [id]);
        const [first, second, firstClient] = hideFirst ? [hide, toggle, hider] : [toggle, hide, toggler];
        await first();
        const waiting = second();
        // The second write waits for the first one's lock on the project row.
        await untilWaitingOnLock(pool);
        await firstClient.query('commit');
        await waiting;
        await (firstClient === hider ? toggler : hider).query('commit');
      } finally {
        hider.release();
        toggler.release();
      }
      await expectCountersRight(api.db, hideFirst ? 'hidden, then made private' : 'made private, then hidden');
      const [row] = await api.db.select({ n: users.shownProjectCount }).from(users).where(eq(users.id, firm.id));
      expect(row!.n).toBe(0);
      await api.db.delete(projects).where(eq(projects.id, id));
      await expectCountersRight(api.db, 'the raced project deleted');
    }
  });

  it('hiding a portfolio while the firm gets a new project: whichever comes first, the other waits and the total is right', async () => {
    const pool = (api.db as unknown as { $client: pg.Pool }).$client;
    for (const hideFirst of [true, false]) {
      const firm = await createFirm(api.db);
      await api.db.insert(projects).values({ id: newId(), userId: firm.id, isPrivate: false, projectName: 'Shown', projectType: 'architecture-residential' });
      await expectCountersRight(api.db, 'before the race');
      const [hider, creator] = [await pool.connect(), await pool.connect()];
      try {
        await hider.query('begin');
        await creator.query('begin');
        const hide = () => hider.query(`insert into hidden_portfolios (firm_id, reason) values ($1, 'Raced')`, [firm.id]);
        const create = () =>
          creator.query(`insert into projects (id, user_id, is_private, project_name, project_type) values ($1, $2, false, 'Raced', 'architecture-residential')`, [newId(), firm.id]);
        const [first, second, firstClient] = hideFirst ? [hide, create, hider] : [create, hide, creator];
        await first();
        let settled = false;
        const waiting = second().finally(() => (settled = true));
        // The second write waits for the first one's lock on the firm's row.
        await untilWaitingOnLock(pool);
        expect(settled).toBe(false);
        await firstClient.query('commit');
        await waiting;
        await (firstClient === hider ? creator : hider).query('commit');
      } finally {
        hider.release();
        creator.release();
      }
      await expectCountersRight(api.db, hideFirst ? 'hidden, then a project created' : 'a project created, then hidden');
      const [row] = await api.db.select({ n: users.shownProjectCount }).from(users).where(eq(users.id, firm.id));
      expect(row!.n).toBe(2);
    }
  });

  it('approving a firm while one of its projects turns public: whichever comes first, the other waits and the flag is right', async () => {
    const pool = (api.db as unknown as { $client: pg.Pool }).$client;
    const admin = await createUser(api.db, { isSuperAdmin: true });
    for (const approveFirst of [true, false]) {
      const pending = await createFirm(api.db, { isVerify: VERIFY.pending });
      const id = newId();
      await api.db.insert(projects).values({ id, userId: pending.id, isPrivate: true, projectName: 'Raced', projectType: 'architecture-residential' });
      const target = (await api.db.select().from(users).where(eq(users.id, pending.id)))[0]!;
      const toggler = await pool.connect();
      const approver = await pool.connect();
      try {
        await toggler.query('begin');
        const toggle = () => toggler.query(`update projects set is_private = false where id = $1`, [id]);
        let settled = false;
        if (approveFirst) {
          // decideRegistration's statements, held open: the firm's projects, then the firm.
          await approver.query('begin');
          await approver.query(`select id from projects where user_id = $1 order by id for update`, [pending.id]);
          await approver.query(`update users set is_verify = ${VERIFY.approved}, role = 'architect' where id = $1`, [pending.id]);
          const waiting = toggle().finally(() => (settled = true));
          await untilWaitingOnLock(pool);
          expect(settled).toBe(false);
          await approver.query('commit');
          await waiting;
        } else {
          await toggle();
          const waiting = decideRegistration(api.db, { admin, target, decision: VERIFY.approved, note: null }).finally(() => (settled = true));
          await untilWaitingOnLock(pool);
          expect(settled).toBe(false);
          await toggler.query('commit');
          expect(await waiting).toBeDefined();
        }
        if (approveFirst) await toggler.query('commit');
      } finally {
        toggler.release();
        approver.release();
      }
      await expectCountersRight(api.db, approveFirst ? 'approved, then made public' : 'made public, then approved');
      const [row] = await api.db.select({ listed: projects.listed }).from(projects).where(eq(projects.id, id));
      expect(row!.listed).toBe(true);
    }
  });
});

// Starting PGlite (WebAssembly) and migrating takes seconds, more on a busy machine.
describe('the counters of shown projects on PGlite', { timeout: 120_000 }, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ url: 'memory://', dataDir: '' });
  }, 120_000);
  afterAll(() => handle.close());

  it('follow every write that changes what the public sees', async () => {
    expect(handle.kind).toBe('pglite');
    await writeAndCheck(handle.db, 7, 80);
  });

  it('the total\'s SQL rule of a listed firm (showcase_listed) has listedFirm()\'s roles and approval', async () => {
    await expectShowcaseListedAsVocabulary(handle.db);
  });
});

/**
 * Waits until a session of this test database waits on a lock (the second write is blocked by the
 * first one's), asked of PostgreSQL rather than slept on.
 */
async function untilWaitingOnLock(pool: pg.Pool) {
  await vi.waitFor(
    async () => {
      const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      expect(rows[0]!.n).toBeGreaterThan(0);
    },
    { timeout: 60_000, interval: 10 },
  );
}
