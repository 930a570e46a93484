/**
 * The api target's baseline (scripts/bench.ts): a bare Fastify route that answers a JSON object of
 * the same size as the explore page it is compared with (read from BENCH_BARE_JSON), with no
 * database, no hooks and no schema — what Node and Fastify cost on their own on this machine.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const payload = JSON.parse(fs.readFileSync(process.env.BENCH_BARE_JSON!, 'utf8')) as unknown;
const app = Fastify({ logger: false });
app.get('/bare', async () => payload);
await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_BARE_PORT) });
