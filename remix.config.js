/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}', '**/*.spec.{ts,tsx}'],
  serverModuleFormat: 'esm',
  // Server-only packages stay out of the client bundle; these are ESM-only and must be bundled for the server.
  // Routes are discovered as links appear (/__manifest) instead of one manifest of every route
  // loaded by every page: 3 KB less first-load script (issue 14, docs/decisions/160).
  future: { v3_lazyRouteDiscovery: true },
  serverDependenciesToBundle: [/^remix-utils.*/, /^remix-toast/],
};
