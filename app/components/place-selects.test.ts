import { describe, expect, it } from 'vitest';
import { placeStartKey } from './place-selects';

const field = (name: string, initialValue?: string) => ({ id: name, errorId: `${name}-error`, name, initialValue });
const fields = (country?: string, state?: string, city?: string) => ({
  country: field('country', country),
  state: field('state', state),
  city: field('city', city),
});
const lists = () => ({ countries: ['India', 'Nepal'], states: ['Goa', 'Kerala'], cities: ['Calangute', 'Panaji'] });

describe('placeStartKey (when the dependent selects start over)', () => {
  it('stays the same for new objects with the same values and lists, as a revalidation hands over', () => {
    expect(placeStartKey(fields('India', 'Goa', 'Calangute'), lists())).toBe(placeStartKey(fields('India', 'Goa', 'Calangute'), lists()));
  });

  it('changes when an initial value changes', () => {
    const before = placeStartKey(fields('India', 'Goa', 'Calangute'), lists());
    expect(placeStartKey(fields('India', 'Goa', 'Panaji'), lists())).not.toBe(before);
    expect(placeStartKey(fields('India', 'Kerala'), lists())).not.toBe(before);
    expect(placeStartKey(fields(), lists())).not.toBe(before);
  });

  it('changes when a list changes', () => {
    const before = placeStartKey(fields('India', 'Goa'), lists());
    expect(placeStartKey(fields('India', 'Goa'), { ...lists(), cities: ['Calangute'] })).not.toBe(before);
    expect(placeStartKey(fields('India', 'Goa'), { ...lists(), states: [] })).not.toBe(before);
  });

  it('reads a missing or non-text initial value as no choice', () => {
    const none = placeStartKey(fields(), lists());
    expect(placeStartKey({ ...fields(), country: { ...field('country'), initialValue: ['India'] } }, lists())).toBe(none);
    expect(placeStartKey(fields(''), lists())).toBe(none);
  });
});
