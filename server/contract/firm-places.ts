import { cityNames, placeErrors, stateNames } from './places.js';

/**
 * Field errors of a registration's place: state and city are required ("State is required",
 * "City is required") whenever the offline data set lists states for the country and cities for
 * the state, so a place the data set does not subdivide can still be chosen; then the triple
 * must be consistent (a state of the country, a city of the state).
 */
export function firmPlaceErrors(place: { country?: string | null; state?: string | null; city?: string | null }) {
  const consistency = placeErrors(place);
  if (consistency.some((e) => e.path === 'country')) return consistency;
  const errors: Array<{ path: string; message: string }> = [];
  if (!place.state && stateNames(place.country).length > 0) errors.push({ path: 'state', message: 'State is required' });
  else if (!place.city && place.state && cityNames(place.country, place.state).length > 0) {
    errors.push({ path: 'city', message: 'City is required' });
  }
  return errors.length ? errors : consistency;
}
