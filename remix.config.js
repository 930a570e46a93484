/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}', '**/*.spec.{ts,tsx}'],
  serverModuleFormat: 'esm',
  // Server-only packages stay out of the client bundle; these are ESM-only and must be bundled for the server.
  serverDependenciesToBundle: [/^remix-utils.*/, /^remix-toast/],
};
