/**
 * Where `asErrorResponse` lived before the route helpers had one module (decision 290). Only the
 * client board still imports it from here (another branch is changing that area); once that merges,
 * its import moves to `~/utils/form-action.server` and this file goes.
 */
export { asErrorResponse } from './form-action.server';
