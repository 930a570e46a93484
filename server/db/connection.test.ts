import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_ON_PGLITE } from '../../tests/setup/test-database';
import { createTestApi } from '../../tests/helpers/test-api';
import { TEST_PG_URL } from '../../tests/setup/database-url';

// PostgreSQL's own connections: nothing to test on the embedded database (docs/decisions/303).
describe.skipIf(TEST_ON_PGLITE)('the api on PostgreSQL', () => {
  it('keeps answering after PostgreSQL ends its idle connections (a restart, a failover, an administrator)', async () => {
    const api = await createTestApi();
    try {
      const pool = (api.db as unknown as { $client: pg.Pool }).$client;
      await Promise.all([1, 2, 3].map(() => api.db.execute(sql`select pg_sleep(0.01)`)));
      expect(pool.idleCount).toBeGreaterThan(0);
      const database = new URL(pool.options.connectionString!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: TEST_PG_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
      await admin.end();
      await expect.poll(() => pool.idleCount, { timeout: 30_000 }).toBe(0);
      const health = await api.app.inject({ method: 'GET', url: '/api/projects/explore?page=1&limit=1' });
      expect(health.statusCode).toBe(200);
    } finally {
      await api.close();
    }
  });
});
