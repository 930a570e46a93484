import type { RequestHandler } from 'express';
import { requestIds } from '../app/utils/request-id.server';
import { REQUEST_ID_HEADER, requestIdFrom } from '../server/contract/request-id';

/**
 * Takes the proxy's request id (or makes one), keeps it on the request for the /api forwarding and
 * the log line, answers it to the client, and makes it the current id for Remix's api calls.
 */
export const requestId: RequestHandler = (req, res, next) => {
  const id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
  req.headers[REQUEST_ID_HEADER] = id;
  res.locals.requestId = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  requestIds.run(id, next);
};
