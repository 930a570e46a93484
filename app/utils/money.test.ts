import { describe, expect, it } from 'vitest';
import { formatRupees } from './money';

describe('formatRupees', () => {
  it('groups the Indian way and keeps paise only when there are some', () => {
    expect(formatRupees(300_000)).toBe('₹3,000');
    expect(formatRupees(123_456_750)).toBe('₹12,34,567.50');
    expect(formatRupees(99)).toBe('₹0.99');
    expect(formatRupees(-500_000)).toBe('-₹5,000');
  });
});
