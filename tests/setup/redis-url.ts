/** The Redis server the tests use (CI: 127.0.0.1:6379, started by .ci/run). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
