/** The platform's billing values the browser needs too (docs/decisions/287): no zod here. */

/** SAC 998315: hosting and IT infrastructure provisioning, how a software subscription is usually billed in India. */
export const SUBSCRIPTION_DEFAULTS = { hsnSac: '998315', rateBp: 1800 } as const;

export const PLATFORM_BILLING_MESSAGES = {
  saved: 'The platform billing profile is saved',
  missing: 'The platform billing profile is not set yet, so no invoice was issued: we will send it shortly.',
  notFound: 'Invoice not found',
} as const;
