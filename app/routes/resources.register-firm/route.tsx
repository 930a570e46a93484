import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { pathWithDialog } from '~/utils/register-firm';
import { registerFirmAction } from './register-firm.server';

/**
 * The register-firm dialog's action (multipart): the document is streamed to the api upload,
 * then the firm is registered. The dialog itself is rendered by the root over the current page.
 */
export async function action({ request }: ActionFunctionArgs) {
  return registerFirmAction(request);
}

/** Nothing to show here: a direct visit opens the dialog over the explore page. */
export async function loader(_args: LoaderFunctionArgs) {
  return redirect(pathWithDialog('/explore'));
}
