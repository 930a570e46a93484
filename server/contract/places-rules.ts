/**
 * The place rule's messages (decision 140), free of the 17 MB data set and of zod, so the browser
 * can say them too: the selects know whether the data set lists states or cities (decision 155).
 */
export const PLACE_MESSAGES = {
  countryRequired: 'Country is required',
  stateRequired: 'State is required',
  cityRequired: 'City is required',
} as const;
export type PlaceMessages = { countryRequired: string; stateRequired: string; cityRequired: string };
