/** Plain values of the super-admin's areas (no zod: the admin pages' browser code uses them). */

export const SHOWCASE_FILTERS = ['all', 'hidden'] as const;
export type ShowcaseFilter = (typeof SHOWCASE_FILTERS)[number];
export const MODERATION_PAGE_SIZE = 15;
export const OWNERS_ONLY = 'Only an owner super-admin (made with npm run admin:create) can manage sub admins';
