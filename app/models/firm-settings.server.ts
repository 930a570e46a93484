import { api } from '~/utils/api.server';
import type { TimeZoneBody, TimeZoneReply } from '../../server/contract/settings';

/** PUT /api/firm/time-zone (decision 265): the firm's one time zone. */
export const saveFirmTimeZone = (request: Request, body: TimeZoneBody) => api<TimeZoneReply>(request, '/firm/time-zone', { method: 'PUT', json: body });
