import type { ComponentProps, ComponentType } from 'react';
import { lazy, Suspense } from 'react';

/**
 * The register-firm dialog, loaded on demand (issue 14, docs/decisions/160): its form, conform and
 * the place and firm-type selects are a sixth of the first load's script, and the root renders the
 * dialog on every page but opens it rarely. The browser fetches its module when the dialog is first
 * shown (`?dialog=register-firm`) or when the opener is pointed at (`preloadRegisterFirmDialog`).
 *
 * The server renders to one string (decision 134), where a lazy component that is not ready would
 * leave its place empty — and a browser without JavaScript would never see the form. So the server
 * loads the module when this one is first evaluated (long before a request) and renders it directly;
 * the browser renders the lazy one. Both sit in the same Suspense boundary, so hydration keeps the
 * server's dialog in place until the module has arrived.
 */
type DialogModule = typeof import('~/components/register-firm-dialog');
type Dialog = DialogModule['RegisterFirmDialog'];

let loading: Promise<DialogModule> | null = null;
export function preloadRegisterFirmDialog(): Promise<DialogModule> {
  return (loading ??= import('~/components/register-firm-dialog'));
}

const LazyDialog = lazy(() => preloadRegisterFirmDialog().then((module) => ({ default: module.RegisterFirmDialog })));

let serverDialog: Dialog | null = null;
if (typeof document === 'undefined') void preloadRegisterFirmDialog().then((module) => (serverDialog = module.RegisterFirmDialog));

export function RegisterFirmDialog(props: ComponentProps<Dialog>) {
  const Component: ComponentType<ComponentProps<Dialog>> = serverDialog ?? LazyDialog;
  return (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
}
