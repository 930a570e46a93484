import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Field, type FieldMeta } from './field';

export type PlaceOptionLists = { countries: string[]; states: string[]; cities: string[] };
type PlaceField = FieldMeta & { name: string; initialValue?: unknown };

function Select({
  meta,
  label,
  options,
  value,
  disabled,
  onChange,
  placeholder,
}: {
  meta: PlaceField;
  label: string;
  options: string[];
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <Field label={label} meta={meta}>
      <select
        id={meta.id}
        name={meta.name}
        value={options.includes(value) ? value : ''}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={meta.errors?.length ? true : undefined}
        aria-describedby={meta.errors?.length ? meta.errorId : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </Field>
  );
}

const initial = (meta: PlaceField) => (typeof meta.initialValue === 'string' ? meta.initialValue : '');

/**
 * What the selects start from, by content: the initial values and the server's lists. Loaders and
 * actions hand over new (equal) objects after every submission, so identity says nothing.
 */
export function placeStartKey(fields: { country: PlaceField; state: PlaceField; city: PlaceField }, options: PlaceOptionLists): string {
  return JSON.stringify([initial(fields.country), initial(fields.state), initial(fields.city), options.countries, options.states, options.cities]);
}

/**
 * Country, state and city as dependent selects: state is disabled until a country is chosen,
 * city until a state is; changing a parent clears its children. With JavaScript the lists update
 * in place from /resources/places; without it, the "Show states and cities" button posts the form
 * back (as conform's validate intent for the country field) and the server renders the lists
 * for the chosen parents (`options`). The visitor's choice is kept until the initial values or the
 * lists really change (a new record, a form reset), not whenever a revalidation hands over equal ones.
 */
export function PlaceSelects({
  fields,
  options,
  refreshButton,
}: {
  fields: { country: PlaceField; state: PlaceField; city: PlaceField };
  options: PlaceOptionLists;
  /** Props of a submit button that re-renders the form with the chosen parents (no JavaScript). */
  refreshButton: Record<string, unknown>;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ states: string[]; cities: string[] }>();
  const [country, setCountry] = useState(initial(fields.country));
  const [state, setState] = useState(initial(fields.state));
  const [city, setCity] = useState(initial(fields.city));
  const [lists, setLists] = useState({ states: options.states, cities: options.cities });

  // Starts over when what it starts from changes (adjusting state while rendering, not in an effect,
  // so no frame shows the old choice with the new lists).
  const startKey = placeStartKey(fields, options);
  const [startedFrom, setStartedFrom] = useState(startKey);
  if (startedFrom !== startKey) {
    setStartedFrom(startKey);
    setCountry(initial(fields.country));
    setState(initial(fields.state));
    setCity(initial(fields.city));
    setLists({ states: options.states, cities: options.cities });
  }

  useEffect(() => {
    if (fetcher.data) setLists(fetcher.data);
  }, [fetcher.data]);

  const load = (c: string, s: string) => fetcher.load(`/resources/places?${new URLSearchParams({ country: c, state: s })}`);

  return (
    <div className="place-selects">
      <Select
        meta={fields.country}
        label="Country"
        options={options.countries}
        value={country}
        disabled={false}
        placeholder="Select country"
        onChange={(value) => {
          setCountry(value);
          setState('');
          setCity('');
          setLists({ states: [], cities: [] });
          if (value) load(value, '');
        }}
      />
      <Select
        meta={fields.state}
        label="State"
        options={lists.states}
        value={state}
        disabled={!country || lists.states.length === 0}
        placeholder={country ? 'Select state' : 'Choose a country first'}
        onChange={(value) => {
          setState(value);
          setCity('');
          setLists((l) => ({ ...l, cities: [] }));
          if (value) load(country, value);
        }}
      />
      <Select
        meta={fields.city}
        label="City"
        options={lists.cities}
        value={city}
        disabled={!state || lists.cities.length === 0}
        placeholder={state ? 'Select city' : 'Choose a state first'}
        onChange={setCity}
      />
      {hydrated ? null : (
        <button className="button button-ghost place-refresh" {...refreshButton}>
          Show states and cities
        </button>
      )}
    </div>
  );
}
