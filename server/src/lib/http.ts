import { errorResponseSchema } from '@cashtips/contract/errors';

/** The error bodies a route may answer, for its OpenAPI description. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema]));
}
