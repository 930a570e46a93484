/**
 * Stands in for Remix's virtual module `@remix-run/dev/server-build` (only the compiler provides
 * it) when a test imports a route that reads the build's routes (app/utils/workspace-pages.server.ts):
 * a build with no routes.
 */
export const routes = {};
