import { errorResponseSchema } from '@cashtips/contract/errors';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** The error bodies a route may answer, for its OpenAPI description. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema]));
}

/**
 * The one rule for an entity id in a path: a UUID. Anything else names nothing, so the error
 * handler answers 404 for a path parameter that fails its schema (and it never reaches SQL).
 */
export const entityId = z.guid('Not a valid id.');
export const idParams = z.object({ id: entityId });

/** JSON built ahead (a public cache's or a view's), sent as is rather than serialised again. */
export const sendReadyJson = (reply: FastifyReply, json: string | Buffer) =>
  reply.header('content-type', 'application/json; charset=utf-8').send(json);
