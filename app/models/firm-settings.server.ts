import { api } from '~/utils/api.server';
import type { TimeZoneChanges, TimeZoneReply, TimeZoneSettingReply } from '../../server/contract/settings';

/** GET /api/firm/time-zone: the firm's zone and the version a change names (docs/decisions/320). */
export const getFirmTimeZone = async (request: Request) => (await api<TimeZoneSettingReply>(request, '/firm/time-zone')).data;

/** PUT /api/firm/time-zone (decision 265): the firm's one time zone, from the version read. */
export const saveFirmTimeZone = (request: Request, body: TimeZoneChanges) => api<TimeZoneReply>(request, '/firm/time-zone', { method: 'PUT', json: body });
