import { call } from '~/utils/api.server';
import { firmTimeZoneOperations as ops, type TimeZoneChanges } from '../../server/contract/settings';

/** The firm's zone and the version a change names (docs/decisions/320), by its declaration (docs/decisions/370). */
export const getFirmTimeZone = async (request: Request) => (await call(request, ops.get, {})).data;

/** The firm's one time zone (decision 265), from the version read. */
export const saveFirmTimeZone = (request: Request, body: TimeZoneChanges) => call(request, ops.save, { json: body });
