import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { forwardToApi } from '~/utils/proxy.server';

export const loader = ({ request }: LoaderFunctionArgs) => forwardToApi(request);
export const action = ({ request }: ActionFunctionArgs) => forwardToApi(request);
