import { describe, expect, it } from 'vitest';
import { averageCenti, monthText, responseTimeText } from './reviews-rules';
import { ratingText, ratingValueText } from './rating-text';

describe('review figures', () => {
  it('an average is hundredths, half up, from integers', () => {
    expect(averageCenti(0, 0)).toBe(0);
    expect(averageCenti(14, 3)).toBe(467);
    expect(averageCenti(9, 2)).toBe(450);
    // 2/3 = 0.666… → 67 hundredths; 1/8 = 0.125 → 13 (half up).
    expect(averageCenti(2, 3)).toBe(67);
    expect(averageCenti(1, 8)).toBe(13);
  });

  it('reads as one decimal on a page and exactly in JSON-LD', () => {
    expect(ratingText(467)).toBe('4.7');
    expect(ratingText(445)).toBe('4.5');
    expect(ratingText(500)).toBe('5.0');
    expect(ratingValueText(467)).toBe('4.67');
    expect(ratingValueText(450)).toBe('4.5');
    expect(ratingValueText(500)).toBe('5');
    expect(ratingValueText(405)).toBe('4.05');
  });

  it('a time to answer reads as people say it', () => {
    expect(responseTimeText(12)).toBe('within an hour');
    expect(responseTimeText(61)).toBe('within 2 hours');
    expect(responseTimeText(60 * 24)).toBe('within a day');
    expect(responseTimeText(60 * 24 * 2 + 1)).toBe('within 3 days');
    expect(monthText('2026-12')).toBe('Dec 2026');
  });
});
