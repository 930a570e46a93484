/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}', '**/*.spec.{ts,tsx}'],
  serverModuleFormat: 'esm',
  // Server-only packages stay out of the client bundle; these are ESM-only and must be bundled for the server.
  // Lazy route discovery: a page carries only the routes it matched, not the manifest of all routes;
  // the workspace shell gets its list of pages from its layout's loader (docs/decisions/160, 173).
  future: { v3_lazyRouteDiscovery: true },
  serverDependenciesToBundle: [/^remix-utils.*/, /^remix-toast/],
};
