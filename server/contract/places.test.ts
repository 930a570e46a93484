import { describe, expect, it } from 'vitest';
import { cityNames, placeErrors, placeOptions, stateNames } from './places';

describe('places', () => {
  it('lists states of a country and cities of a state by display name', () => {
    expect(stateNames('India')).toContain('Maharashtra');
    expect(cityNames('India', 'Maharashtra')).toContain('Pune');
    expect(stateNames('Atlantis')).toEqual([]);
  });

  it('gives no states or cities until the parent is chosen', () => {
    const options = placeOptions();
    expect(options.countries.length).toBeGreaterThan(200);
    expect(options.states).toEqual([]);
    expect(options.cities).toEqual([]);
  });

  it('accepts a consistent triple and refuses a state of another country', () => {
    expect(placeErrors({ country: 'India', state: 'Maharashtra', city: 'Pune' })).toEqual([]);
    expect(placeErrors({ country: 'India', state: 'Bavaria', city: 'Munich' })).toEqual([
      { path: 'state', message: 'Choose a state of the chosen country' },
    ]);
    expect(placeErrors({ country: 'Atlantis', state: 'x', city: 'y' })[0]?.path).toBe('country');
    expect(placeErrors({ country: 'India', state: 'Maharashtra', city: 'Munich' })[0]?.path).toBe('city');
  });
});
