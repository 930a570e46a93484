import type { ComponentProps, ComponentType } from 'react';
import { lazy, Suspense, useState } from 'react';

/**
 * The register-firm dialog, loaded on demand (docs/decisions/160): its form, conform and
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
/** The dialog once its module is here (on the server: from the first evaluation of this one). */
let loadedDialog: Dialog | null = null;
export function preloadRegisterFirmDialog(): Promise<DialogModule> {
  return (loading ??= import('~/components/register-firm-dialog').then((module) => {
    loadedDialog = module.RegisterFirmDialog;
    return module;
  }));
}

const LazyDialog = lazy(() => preloadRegisterFirmDialog().then((module) => ({ default: module.RegisterFirmDialog })));

if (typeof document === 'undefined') void preloadRegisterFirmDialog();

/**
 * The loaded dialog itself when its module is already here — always on the server, and in the
 * browser when entry.client.tsx waited for it before hydrating — so hydration attaches to it at
 * once rather than leaving a suspended boundary of server HTML whose changes nobody hears (a
 * country chosen then loaded no states). Chosen once per mount: switching a mounted lazy dialog to
 * the loaded one would start it over and lose what was typed.
 */
export function RegisterFirmDialog(props: ComponentProps<Dialog>) {
  const [Component] = useState<ComponentType<ComponentProps<Dialog>>>(() => loadedDialog ?? LazyDialog);
  return (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
}
