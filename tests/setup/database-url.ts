/** The PostgreSQL server the api tests use (CI: 127.0.0.1:5432, trust auth). */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string): string {
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
