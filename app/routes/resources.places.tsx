import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { placeOptions } from '~/utils/places.server';

/** States of a country and cities of a state, for the dependent selects when JavaScript is on. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { states, cities } = placeOptions(url.searchParams.get('country'), url.searchParams.get('state'));
  return json({ states, cities }, { headers: { 'cache-control': 'public, max-age=86400' } });
}
