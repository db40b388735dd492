import {
  calibrationResponseSchema,
  fitRequestResponseSchema,
  insightsResponseSchema,
  matchPredictionResponseSchema,
  modelRecordResponseSchema,
  predictionMessages,
  suggestionsQuerySchema,
  suggestionsResponseSchema,
} from '@cashtips/contract/predictions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams, sendReadyJson } from '../../lib/http.ts';
import { type Access, currentSession } from '../auth/access.ts';
import type { PredictionJobs } from './predictions.jobs.ts';
import type { PredictionsService } from './predictions.service.ts';
import type { PredictionRecordService } from './predictions-record.ts';

const tags = ['predictions'];
const adminTags = ['admin'];
const security = [{ bearer: [] }];

export function registerPredictionRoutes(
  app: FastifyInstance,
  deps: {
    access: Access;
    predictions: PredictionsService;
    record: PredictionRecordService;
    jobs: PredictionJobs;
  },
): void {
  const { access, predictions, record, jobs } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/predictions/record',
    {
      schema: {
        security: [],
        tags,
        summary: "The model's settled free-tip picks against the admins' own, and its running RPS (public)",
        response: { 200: modelRecordResponseSchema },
      },
    },
    async () => ({ success: true as const, ...(await record.record()) }),
  );

  routes.get(
    '/api/predictions/insights',
    {
      onRequest: access.requireUser,
      schema: {
        tags,
        summary: "The model's most probable pick on each match of today's (Lagos) free tips",
        security,
        response: { 200: insightsResponseSchema, ...errorResponses(401) },
      },
    },
    async () => ({ success: true as const, ...(await predictions.insights()) }),
  );

  app.register(async (scope) => {
    // onRequest: a caller without the right is refused before their input is even read.
    scope.addHook('onRequest', access.requireAdmin);
    const admin = scope.withTypeProvider<ZodTypeProvider>();

    admin.get(
      '/api/admin/predictions/suggestions',
      {
        schema: {
          tags: adminTags,
          summary: "Registered matches kicking off in the next days, soonest first, with the model's markets",
          security,
          querystring: suggestionsQuerySchema,
          response: { 200: suggestionsResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({ success: true as const, ...(await predictions.suggestions(request.query)) }),
    );

    admin.get(
      '/api/admin/predictions/matches/:id',
      {
        schema: {
          tags: adminTags,
          summary: "The model's probabilities and picks for one registered match",
          security,
          params: idParams,
          response: { 200: matchPredictionResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) =>
        sendReadyJson(reply, predictions.answerJson(await predictions.matchPrediction(request.params.id))),
    );

    admin.get(
      '/api/admin/predictions/calibration',
      {
        schema: {
          tags: adminTags,
          summary: 'Settled model picks by posted probability, and the running RPS against the base rates',
          security,
          response: { 200: calibrationResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async () => ({ success: true as const, ...(await record.calibration()) }),
    );

    admin.post(
      '/api/admin/predictions/fit',
      {
        schema: {
          tags: adminTags,
          summary: 'Refit the model of every modelled league now (a background job)',
          security,
          response: { 202: fitRequestResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => {
        await jobs.requestFit(currentSession(request).userId);
        return reply.status(202).send({ success: true as const, message: predictionMessages.fitQueued });
      },
    );
  });
}
