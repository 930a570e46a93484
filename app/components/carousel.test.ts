import { describe, expect, it } from 'vitest';
import { carouselIndex } from './carousel';

describe('carouselIndex', () => {
  it('keeps a whole index inside the list', () => {
    expect(carouselIndex(0, 5)).toBe(0);
    expect(carouselIndex(3, 5)).toBe(3);
    expect(carouselIndex(4, 5)).toBe(4);
  });

  it('brings what a hand-made URL carries into the list: fractions, negatives, NaN, huge numbers', () => {
    expect(carouselIndex(1.5, 5)).toBe(1);
    expect(carouselIndex(1e-7, 5)).toBe(0);
    expect(carouselIndex(-1.5, 5)).toBe(0);
    expect(carouselIndex(-3, 5)).toBe(0);
    expect(carouselIndex(Number.NaN, 5)).toBe(0);
    expect(carouselIndex(99, 5)).toBe(4);
    expect(carouselIndex(Number.POSITIVE_INFINITY, 5)).toBe(4);
    expect(carouselIndex(Number.NEGATIVE_INFINITY, 5)).toBe(0);
  });

  it('always names an image of the list', () => {
    for (const index of [0.25, 2.999, -0.5, 1e21, 7]) expect(Number.isInteger(carouselIndex(index, 3))).toBe(true);
  });
});
