/**
 * Which database the api tests run on: PostgreSQL (the default, a server on TEST_DATABASE_URL) or
 * the embedded PGlite that `npm start` uses (`TEST_DATABASE=pglite`; docs/decisions/303). `npm test`
 * runs the api tests on both.
 */
export const TEST_ON_PGLITE = process.env.TEST_DATABASE === 'pglite';
