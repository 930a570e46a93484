import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCountersRight } from '../../tests/helpers/shown-counters';
import { createTestApi, type TestApi } from '../../tests/helpers/test-api';
import { VERIFY } from '../contract/vocabulary';
import { openDatabase, type Database, type DatabaseHandle } from '../db/connection';
import { newId } from '../db/ids';
import { projects, users } from '../db/schema';
import { createFirm, createUser } from '../seed/factories';
import { setPortfolioHidden, setProjectHidden } from './moderation';
import { recountShownProjects } from './visibility';

/**
 * The counters of shown projects (migration 0014, docs/decisions/183) against the rule they stand
 * for: after every write, each firm's counter is its number of `shownProject()` projects and the
 * explore total (`visibleProjectCount`) is the count of `visibleProject()`.
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

  const operations: Array<[string, () => Promise<unknown>]> = [
    ['create a public project', async () => db.insert(projects).values({ id: newId(), userId: pick(firms)!, isPrivate: false, projectName: 'Public', projectType: 'architecture-residential' })],
    ['create a private project', async () => db.insert(projects).values({ id: newId(), userId: pick(firms)!, isPrivate: true, projectName: 'Private', projectType: 'interior-residential' })],
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
    ['change a firm\'s role', async () => db.update(users).set({ role: pick(['architect', 'interiorDesigner', 'explorer'])! }).where(eq(users.id, pick(firms)!))],
    ['hide a portfolio', async () => setPortfolioHidden(db, { id: pick(firms)!, name: 'F' }, change(true))],
    ['show a portfolio', async () => setPortfolioHidden(db, { id: pick(firms)!, name: 'F' }, change(false))],
    ['delete a firm with its projects', async () => {
      if (firms.length < 3) return;
      const gone = firms.splice(Math.floor(random() * firms.length), 1)[0]!;
      await db.delete(users).where(eq(users.id, gone));
      firms.push((await createFirm(db)).id);
    }],
  ];
  // The creations first, so the later steps have projects to work on.
  for (let i = 0; i < 12; i += 1) {
    const [name, run] = operations[i % 2]!;
    await run();
    await expectCountersRight(db, name);
  }
  const done = new Set<string>();
  for (let i = 0; i < steps; i += 1) {
    const [name, run] = pick(operations)!;
    await run();
    done.add(name);
    await expectCountersRight(db, `step ${i}: ${name}`);
  }
  expect(done.size).toBe(operations.length);
}

/** The migration's backfill statement, as the migration runs it on existing data. */
function migrationBackfill(): string {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations/0014_shown_project_count.sql');
  const statements = fs.readFileSync(file, 'utf8').split('--> statement-breakpoint');
  const backfill = statements.filter((s) => /^\s*UPDATE "users" SET "shown_project_count"/m.test(s));
  expect(backfill).toHaveLength(1);
  return backfill[0]!;
}

describe('the counters of shown projects on PostgreSQL', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it('follow every write that changes what the public sees', async () => {
    await writeAndCheck(api.db, 14, 150);
  });

  it('the migration\'s backfill counts the projects already there', async () => {
    await writeAndCheck(api.db, 183, 40);
    const [before] = await api.db.select({ n: count() }).from(users).where(sql`${users.shownProjectCount} > 0`);
    expect(before!.n).toBeGreaterThan(0);
    // As before the migration: every counter at its default.
    await api.db.update(users).set({ shownProjectCount: 0 });
    await api.db.execute(sql.raw(migrationBackfill()));
    await expectCountersRight(api.db, 'after the backfill');
    const [after] = await api.db.select({ n: count() }).from(users).where(sql`${users.shownProjectCount} > 0`);
    expect(after!.n).toBe(before!.n);
  });

  it('a recount (the bench\'s scale seed) sets every counter, wrong ones and those of firms without shown projects too', async () => {
    await api.db.update(users).set({ shownProjectCount: 99 });
    await recountShownProjects(api.db);
    await expectCountersRight(api.db, 'after the recount');
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
        await new Promise((resolve) => setTimeout(resolve, 200));
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
});
