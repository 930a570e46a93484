/**
 * Toasts (remix-toast) for the loaders and actions of route modules, which import them from here
 * rather than from 'remix-toast': the package declares no `sideEffects: false` and carries zod 3,
 * so the browser build would keep it (about 15 KB gzipped) in the chunk of every route module that
 * names it, even when only a loader or an action uses it. A `.server` module stays out of the
 * browser build. (`*.server.ts` helpers may import remix-toast directly.)
 */
export { getToast, redirectWithError, redirectWithSuccess } from 'remix-toast';
