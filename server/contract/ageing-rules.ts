/** The ages of what clients owe (docs/decisions/418), as the api, the page and the CSV name them. */
export const AGE_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'over90'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export const AGE_LABELS: Record<AgeBucket, string> = { current: 'Current', d1_30: '1–30 days', d31_60: '31–60 days', d61_90: '61–90 days', over90: 'Over 90 days' };
