import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Country as CountryData, State as StateData } from 'country-state-city';
import { PLACE_MESSAGES, type PlaceMessages } from './places-rules.js';

/**
 * The offline place data set (country-state-city) and the rules on it, shared by the api (it
 * checks places) and the web (its dependent selects). Places are stored by display name ("India",
 * "Maharashtra", "Pune"), as the spec's payloads carry them. Server code only (17 MB of data): the
 * web reaches it through app/utils/places.server.ts, never from browser code.
 */

// The package's index loads its 150,000 cities as objects (about 30 MB of heap in each process)
// whether or not a page needs them: its countries and states are read through their own modules,
// and the cities' names once, on first use, into a map by state (docs/decisions/162).
const require = createRequire(import.meta.url);
const Country = (require('country-state-city/lib/cjs/country.js') as { default: typeof CountryData }).default;
const State = (require('country-state-city/lib/cjs/state.js') as { default: typeof StateData }).default;

let citiesByState: Map<string, string[]> | null = null;

/** The names of the data set's cities of one state, in the data set's order (with repeats). */
function citiesOf(countryIso: string, stateIso: string): string[] {
  if (!citiesByState) {
    const file = require.resolve('country-state-city/lib/assets/city.json');
    // Rows of [name, country iso, state iso, latitude, longitude]: only the name is kept.
    const rows = JSON.parse(fs.readFileSync(file, 'utf8')) as Array<[string, string, string]>;
    citiesByState = new Map();
    for (const [name, country, state] of rows) {
      const key = `${country}/${state}`;
      const names = citiesByState.get(key);
      if (names) names.push(name);
      else citiesByState.set(key, [name]);
    }
  }
  return citiesByState.get(`${countryIso}/${stateIso}`) ?? [];
}

const countries = Country.getAllCountries()
  .map((c) => ({ name: c.name, iso: c.isoCode }))
  .sort((a, b) => a.name.localeCompare(b.name));
const countryByName = new Map(countries.map((c) => [c.name.toLowerCase(), c]));

function findCountry(name: string | null | undefined) {
  return name ? countryByName.get(name.trim().toLowerCase()) : undefined;
}

function statesOf(countryIso: string) {
  return State.getStatesOfCountry(countryIso).map((s) => ({ name: s.name, iso: s.isoCode }));
}

function findState(countryIso: string, name: string | null | undefined) {
  const wanted = name?.trim().toLowerCase();
  return wanted ? statesOf(countryIso).find((s) => s.name.toLowerCase() === wanted) : undefined;
}

export function countryNames(): string[] {
  return countries.map((c) => c.name);
}

export function stateNames(country: string | null | undefined): string[] {
  const c = findCountry(country);
  return c ? statesOf(c.iso).map((s) => s.name).sort((a, b) => a.localeCompare(b)) : [];
}

export function cityNames(country: string | null | undefined, state: string | null | undefined): string[] {
  const c = findCountry(country);
  const s = c && findState(c.iso, state);
  return c && s ? [...new Set(citiesOf(c.iso, s.iso))].sort((a, b) => a.localeCompare(b)) : [];
}

/** The options of the three dependent selects for the chosen parents. */
export function placeOptions(country?: string | null, state?: string | null) {
  return { countries: countryNames(), states: stateNames(country), cities: cityNames(country, state) };
}
export type PlaceOptions = ReturnType<typeof placeOptions>;

/**
 * Field errors for a place triple: the country must exist, the state must belong to it, and the
 * city must belong to the state when the data set lists cities for it (some states have none).
 */
export function placeErrors(place: { country?: string | null; state?: string | null; city?: string | null }) {
  const errors: Array<{ path: string; message: string }> = [];
  const c = findCountry(place.country);
  if (!c) {
    errors.push({ path: 'country', message: 'Choose a country from the list' });
    return errors;
  }
  const s = findState(c.iso, place.state);
  const states = statesOf(c.iso);
  if (states.length > 0 && !s) {
    errors.push({ path: 'state', message: 'Choose a state of the chosen country' });
    return errors;
  }
  if (s && place.city) {
    const cities = cityNames(c.name, s.name);
    if (cities.length > 0 && !cities.some((x) => x.toLowerCase() === place.city!.trim().toLowerCase())) {
      errors.push({ path: 'city', message: 'Choose a city of the chosen state' });
    }
  }
  return errors;
}

/** The place of a submitted form's fields (a field may arrive repeated: the first value counts). */
export function placeOf(fields: unknown): { country?: string; state?: string; city?: string } {
  const values = (fields ?? {}) as Record<string, unknown>;
  const first = (value: unknown) => {
    const one = Array.isArray(value) ? value[0] : value;
    return typeof one === 'string' ? one : undefined;
  };
  return { country: first(values.country), state: first(values.state), city: first(values.city) };
}

/**
 * The one place rule of every form (registration, profile, public project; decision 140): the
 * country is required; state and city are required ("State is required", "City is required")
 * only where the offline data set lists states for the country and cities for the state, since
 * the selects are disabled where it has none; then the triple must be consistent.
 */
export function placeRuleErrors(
  place: { country?: string | null; state?: string | null; city?: string | null },
  /** A form's own spelling of the three messages (the workspace project's "project City is required"). */
  messages: PlaceMessages = PLACE_MESSAGES,
) {
  if (!place.country?.trim()) return [{ path: 'country', message: messages.countryRequired }];
  const consistency = placeErrors(place);
  if (consistency.some((e) => e.path === 'country')) return consistency;
  const errors: Array<{ path: string; message: string }> = [];
  if (!place.state && stateNames(place.country).length > 0) errors.push({ path: 'state', message: messages.stateRequired });
  else if (!place.city && place.state && cityNames(place.country, place.state).length > 0) {
    errors.push({ path: 'city', message: messages.cityRequired });
  }
  return errors.length ? errors : consistency;
}
