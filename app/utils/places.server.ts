import { placeOf, placeRuleErrors } from '../../server/contract/places';
import type { PlaceMessages } from '../../server/contract/places-rules';

/**
 * The offline place data for route modules. Imported through this `.server` module so the browser
 * build never resolves country-state-city (17 MB, server only) even though loaders use it.
 */
export { cityNames, countryNames, placeOptions, stateNames, type PlaceOptions } from '../../server/contract/places';

/**
 * The api's place rule (decision 140) on a submitted form, as conform field errors: an action adds
 * them to the other field errors, so a form shows every error of a submit at once.
 */
export function placeFieldErrors(payload: unknown, messages?: PlaceMessages): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const e of placeRuleErrors(placeOf(payload), messages)) (errors[e.path] ??= []).push(e.message);
  return errors;
}
