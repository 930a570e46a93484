/**
 * The offline place data for route modules. Imported through this `.server` module so the browser
 * build never resolves country-state-city (17 MB, server only) even though loaders use it.
 */
export { cityNames, countryNames, placeOptions, stateNames, type PlaceOptions } from '../../server/contract/places';
