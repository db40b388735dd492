import type https from 'node:https';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createInvalidation, EVERY_KEY, localInvalidation } from './db/invalidation.ts';
import { expectedMigrationCount } from './db/migrate.ts';
import { batchedNotify } from './db/notify-batch.ts';
import { createFootballProvider } from './integrations/football/index.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './integrations/mail/mailer.ts';
import { createGateways } from './integrations/payments/gateways.ts';
import { createPayoutProviders } from './integrations/payouts/index.ts';
import { GeoLocator } from './integrations/rates/geolocation.ts';
import { RatesProvider } from './integrations/rates/rates.ts';
import { loadVapidKeys, WebPushSender } from './integrations/web-push/web-push.ts';
import { startJobQueue } from './jobs/queue.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { AppLogController, createLoggerOptions } from './lib/logger.ts';
import { RateLimiter } from './lib/rate-limiter.ts';
import { registerAccountRoutes } from './modules/account/account.routes.ts';
import { AccountService } from './modules/account/account.service.ts';
import { registerAdminRoutes } from './modules/admin/admin.routes.ts';
import { AdminDepositsService } from './modules/admin/admin-deposits.service.ts';
import { AdminOverviewService } from './modules/admin/admin-overview.service.ts';
import { AdminUsersService } from './modules/admin/admin-users.service.ts';
import { createAccess } from './modules/auth/access.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { OtpService } from './modules/auth/otp.service.ts';
import { SecretBox } from './modules/auth/secret-box.ts';
import { SessionTokens } from './modules/auth/session-tokens.ts';
import { SessionsService } from './modules/auth/sessions.service.ts';
import { TwoFactorService } from './modules/auth/two-factor.service.ts';
import { registerAdminBookingCodeRoutes } from './modules/booking-codes/admin-booking-codes.ts';
import { registerBookingCodeRoutes } from './modules/booking-codes/booking-codes.routes.ts';
import { BookingCodesService } from './modules/booking-codes/booking-codes.service.ts';
import { BookmakerReader, bookmakerAdapters } from './modules/bookmakers/bookmaker-reader.ts';
import { registerBookmakerRoutes } from './modules/bookmakers/bookmakers.routes.ts';
import { registerCurrencyRoutes } from './modules/currency/currency.routes.ts';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { DashboardService } from './modules/dashboard/dashboard.service.ts';
import { registerDataRightsRoutes } from './modules/data-rights/data-rights.routes.ts';
import { DataRightsService } from './modules/data-rights/data-rights.service.ts';
import { startFootballData } from './modules/football/football.jobs.ts';
import { registerFootballRoutes } from './modules/football/football.routes.ts';
import { FootballService } from './modules/football/football.service.ts';
import { LinkQuestions } from './modules/football/link-questions.ts';
import { storeOdds } from './modules/football/market-odds.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerResultRoutes } from './modules/matches/results.routes.ts';
import { ResultsService } from './modules/matches/results.service.ts';
import { mailDeliveryHook } from './modules/notifications/notification-mail.ts';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes.ts';
import { NotificationsService } from './modules/notifications/notifications.service.ts';
import { DepositsService } from './modules/payments/deposits.service.ts';
import { registerPaymentRoutes } from './modules/payments/payments.routes.ts';
import { PayoutAccountsService } from './modules/payouts/payout-accounts.service.ts';
import { registerAdminWithdrawalRoutes, registerPayoutRoutes } from './modules/payouts/payouts.routes.ts';
import { WithdrawalsService } from './modules/payouts/withdrawals.service.ts';
import { PredictionImportService } from './modules/predictions/import.service.ts';
import { startPredictionJobs } from './modules/predictions/predictions.jobs.ts';
import { registerPredictionRoutes } from './modules/predictions/predictions.routes.ts';
import { PredictionsService } from './modules/predictions/predictions.service.ts';
import {
  type ModelRecord,
  marketLine,
  PredictionRecordService,
} from './modules/predictions/predictions-record.ts';
import { registerProtectionRoutes } from './modules/protection/protection.routes.ts';
import { ProtectionService } from './modules/protection/protection.service.ts';
import { registerReferralRoutes } from './modules/referrals/referrals.routes.ts';
import { ReferralsService } from './modules/referrals/referrals.service.ts';
import { registerAdminRolloverRoutes } from './modules/rollover/admin-rollover.ts';
import { registerRolloverRoutes } from './modules/rollover/rollover.routes.ts';
import { RolloverService } from './modules/rollover/rollover.service.ts';
import { registerSiteRoutes } from './modules/site/site.routes.ts';
import { recordLine, SiteService } from './modules/site/site.service.ts';
import { registerTelegramRoutes } from './modules/telegram/telegram.routes.ts';
import { createTelegramBot, type TelegramBotRuntime } from './modules/telegram/telegram.ts';
import { TelegramLinksService } from './modules/telegram/telegram-links.service.ts';
import { registerTipRoutes } from './modules/tips/tips.routes.ts';
import { TipsService } from './modules/tips/tips.service.ts';
import { restrictionOf } from './modules/users/user-view.ts';
import { findUserById } from './modules/users/users.repository.ts';
import { registerWalletRoutes } from './modules/wallet/wallet.routes.ts';
import { WalletService } from './modules/wallet/wallet.service.ts';
import { edgeErrorOptions } from './plugins/edge-errors.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputRules } from './plugins/input-rules.ts';
import { enforceRouteAccess } from './plugins/route-access.ts';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers.ts';
import { createRealtime, type Realtime } from './realtime/realtime.ts';
import { gatherPageFacts } from './web/page-facts.ts';
import { renderedUrl } from './web/page-renderer.ts';
import { START_SCRIPT_CSP_SOURCE } from './web/page-scripts.ts';
import { formPagePaths, isPublicPage, pageHead, publicPagePaths, routeModules } from './web/public-pages.ts';
import { registerSeoRoutes } from './web/seo.routes.ts';
import { type PublicAppConfig, registerStaticWeb } from './web/static-web.ts';

/** Today's free tips for the landing page: those still to kick off first, soonest first. */
function upcomingFirst<T extends { kickoff: string }>(tips: T[], now: Date): T[] {
  const upcoming = tips.filter((tip) => Date.parse(tip.kickoff) >= now.getTime());
  return [...upcoming, ...tips.filter((tip) => !upcoming.includes(tip))];
}

/** The landing page's AI-versus-human figures: null until there is a settled model pick or a scored prediction. */
function landingModelRecord(record: ModelRecord): PublicAppConfig['modelRecord'] {
  const { model, human, rps, baselineRps, matches, market } = record;
  if (model.won + model.lost === 0 && matches === 0) return null;
  return { model, human, rps, baselineRps, matches, market, marketLine: marketLine(market) };
}

export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  migrationsFolder: string;
  clock?: Clock;
  /** Tests and scripts may pass a mailer; otherwise SMTP_URL or the outbox decides. */
  mailer?: Mailer;
  /** Where JSON log lines go (default stdout); tests read them to prove no secret is logged. */
  logStream?: NodeJS.WritableStream;
  /** Tests reach their fake push service (HTTPS with a test CA) through this agent. */
  pushAgent?: https.Agent;
  /** False: enqueue jobs but run none here (a process that only serves requests; tests of one side). */
  runJobs?: boolean;
  /** How often processes try to become the one polling Telegram (default 2 s; tests shorten it). */
  telegramLeaderRetryMs?: number;
  /** How often processes try to become the one calling the football data provider (default 5 s). */
  footballLeaderRetryMs?: number;
}

export interface AppServices {
  auth: AuthService;
  notifications: NotificationsService;
  deposits: DepositsService;
  /** Money out (issue 25); tests call its job handlers (`processTransfer`, `sweep`) directly. */
  withdrawals: WithdrawalsService;
  wallet: WalletService;
  realtime: Realtime;
  limiter: RateLimiter;
  clock: Clock;
  /** The match model's fits and predictions (issue 16). */
  predictions: PredictionsService;
  /** The bot, when TELEGRAM_BOT_TOKEN is set. */
  telegram: TelegramBotRuntime | undefined;
  /** Fixtures, live scores, results and odds from the football data provider (issue 24). */
  football: FootballService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** Helmet's headers on every answer, with a strict Content Security Policy (same origin only). */
const headers = securityHeaders({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // The one inline script: the start script of server-rendered pages (web/page-scripts.ts), by its hash.
      scriptSrc: ["'self'", START_SCRIPT_CSP_SOURCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // Same-origin API and app: no cross-origin embedding is needed.
  crossOriginEmbedderPolicy: false,
});

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    ...edgeErrorOptions(headers),
    logger: createLoggerOptions(config.logLevel, deps.logStream),
    logController: new AppLogController(),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; anything else is answered 415 rather than parsed as a string.
  app.removeContentTypeParser('text/plain');
  // Fastify's own JSON parser (prototype-poisoning checks included), except that an empty body
  // sent with a JSON content type means "no body": clients send that header on every call.
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
  registerErrorHandler(app);
  registerInputRules(app);
  if (database.kind === 'postgres') {
    database.onConnectionLost(({ code }) =>
      app.log.warn({ dbCode: code }, 'database connection lost; reconnecting on the next query'),
    );
  }
  // Answers carry tokens and personal data: no shared or browser cache may keep them.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
  });
  // Static assets are served pre-compressed from the build; this covers JSON and index.html.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  registerSecurityHeaders(app, headers);
  await app.register(fastifyCors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: false,
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'CashTips API',
        version: '1.0.0',
        description: 'Tips, booking codes and rollover plans.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const mailer =
    deps.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom, app.log)
      : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, app.log));
  const limiter = new RateLimiter(database.db, clock);
  const bookmakerReader = new BookmakerReader({
    db: database.db,
    clock,
    limiter,
    adapters: bookmakerAdapters(config.bookmakerCheck, clock),
    logger: app.log,
  });
  const tokens = new SessionTokens(config.jwtSecret);
  const notify = database.kind === 'postgres' ? batchedNotify(database.pool) : undefined;
  const invalidation = notify
    ? createInvalidation(database, { notify, logger: app.log })
    : localInvalidation();
  const sessions = new SessionsService(database.db, clock, tokens, invalidation);
  const otp = new OtpService(clock, limiter, config.jwtSecret);
  const realtime = createRealtime({
    httpServer: app.server,
    authenticate: (token) => sessions.authenticate(token),
    restrictedUntil: async (userId) => {
      const user = await findUserById(database.db, userId);
      const restriction = user ? restrictionOf(user, clock.now()) : null;
      return restriction ? new Date(restriction.until) : undefined;
    },
    now: () => clock.now(),
    corsOrigins: config.corsOrigins,
    logger: app.log,
    postgres: database.kind === 'postgres' && notify ? { pool: database.pool, notify } : undefined,
    headers,
  });
  const twoFactor = new TwoFactorService({
    db: database.db,
    clock,
    limiter,
    sessions,
    secrets: new SecretBox(config.jwtSecret, 'two-factor-secret'),
    realtime,
  });
  const auth = new AuthService({
    twoFactor,
    db: database.db,
    clock,
    otp,
    sessions,
    mailer,
    limiter,
    publicUrl: config.publicUrl,
    logger: app.log,
    onSessionsEnded: (ids) => realtime.endSessions(ids),
  });
  const access = createAccess(database.db, sessions, invalidation);
  // Before any route of ours is declared: each says who may call it, and the session is checked first.
  enforceRouteAccess(app, {
    requireUser: access.requireUser,
    sessionChecks: [access.requireUser, access.requireAdmin],
  });
  const db = database.db;
  const jobs = await startJobQueue(database, app.log, { runWorkers: deps.runJobs !== false });
  const push = new WebPushSender(
    { ...(await loadVapidKeys(database.db, config.push)), subject: config.push.subject },
    deps.pushAgent,
  );
  const notifications = new NotificationsService({
    db: database.db,
    clock,
    realtime,
    jobs,
    push,
    publicUrl: config.publicUrl,
    logger: app.log,
  });
  registerNotificationRoutes(app, { access, notifications, vapidPublicKey: push.publicKey });
  notifications.addDeliveryHook(
    mailDeliveryHook({ db: database.db, mailer, publicUrl: config.publicUrl, logger: app.log }),
  );
  if (deps.runJobs !== false) notifications.startDelivery();
  await jobs.work('notifications.push-retry', {}, (job) =>
    notifications.retryPush(job.data.notificationId, job.data.subscriptionId),
  );
  await jobs.work('notifications.ending-reminder', {}, async () => {
    await notifications.remindEndingSubscriptions();
  });
  await jobs.schedule('notifications.ending-reminder', '0 9 * * *');
  const protection = new ProtectionService({
    db,
    clock,
    limiter,
    realtime,
    onRestricted: (userId, restriction) => realtime.restrict(userId, new Date(restriction.until)),
  });
  registerProtectionRoutes(app, { access, protection });
  const deposits = new DepositsService({
    protection,
    db,
    clock,
    gateways: createGateways(config.payments),
    devPayments: config.payments.dev,
    money: config.money,
    publicUrl: config.publicUrl,
    realtime,
    limiter,
    logger: app.log,
    notifications,
  });
  const wallet = new WalletService({ db, clock, realtime, money: config.money });
  const payoutProviders = createPayoutProviders(config.payments);
  const payoutAccounts = new PayoutAccountsService({
    db,
    clock,
    limiter,
    providers: payoutProviders,
    twoFactor,
    realtime,
    notifications,
    logger: app.log,
  });
  const withdrawals = new WithdrawalsService({
    db,
    clock,
    providers: payoutProviders,
    money: config.money,
    jobs,
    realtime,
    notifications,
    logger: app.log,
  });
  await withdrawals.startJobs();
  const predictions = new PredictionsService({ db, clock, invalidation, logger: app.log });
  const results = new ResultsService({ db, clock, realtime, notifications });
  const football = new FootballService({
    db,
    clock,
    results,
    logger: app.log,
    config: config.football,
    provider: config.football ? createFootballProvider(config.football) : undefined,
    storeOdds,
  });
  const services: AppServices = {
    auth,
    deposits,
    withdrawals,
    wallet,
    realtime,
    limiter,
    clock,
    notifications,
    predictions,
    telegram: undefined,
    football,
  };
  app.decorate('services', services);

  registerHealthRoutes(app, database, expectedMigrationCount(deps.migrationsFolder));
  registerAuthRoutes(app, auth, twoFactor);
  registerAccountRoutes(app, {
    access,
    auth,
    twoFactor,
    account: new AccountService({
      db,
      clock,
      limiter,
      sessions,
      realtime,
      onSessionsEnded: (ids) => realtime.endSessions(ids),
    }),
  });
  registerDataRightsRoutes(app, {
    access,
    dataRights: new DataRightsService({
      db,
      clock,
      limiter,
      sessions,
      twoFactor,
      realtime,
      invalidation,
      deposits,
      onSessionsEnded: (ids) => realtime.endSessions(ids),
    }),
  });
  registerWalletRoutes(app, { db, access, wallet, deposits });
  registerPaymentRoutes(app, { db, access, deposits, withdrawals, protection, money: config.money });
  registerPayoutRoutes(app, { access, accounts: payoutAccounts, withdrawals });
  registerAdminWithdrawalRoutes(app, { access, withdrawals });
  const referrals = new ReferralsService({ db, money: config.money, publicUrl: config.publicUrl });
  registerReferralRoutes(app, { db, access, referrals });
  const dashboard = new DashboardService({
    db,
    clock,
    referrals,
    // The booking codes' own count (built just below; called only once the app serves requests).
    codeFigures: (userId) => codes.purchaseSummary({ userId, isAdmin: false }),
    telegramChannel: config.telegram.botToken !== undefined && config.telegram.channelId !== '',
    invalidation,
  });
  registerDashboardRoutes(app, { access, dashboard });
  registerCurrencyRoutes(app, {
    rates: new RatesProvider(config.ratesUrl, clock, app.log),
    geo: new GeoLocator(config.geoUrl, app.log),
  });
  registerResultRoutes(app, { access, results });
  registerBookmakerRoutes(app, { access, db, limiter, reader: bookmakerReader });
  registerFootballRoutes(app, { access, football, results, linkQuestions: new LinkQuestions({ db, clock }) });
  // Off without a provider: nothing ever calls one.
  const footballData =
    config.football && deps.runJobs !== false
      ? startFootballData({
          database,
          football,
          clock,
          pollSeconds: config.football.pollSeconds,
          logger: app.log,
          leaderRetryMs: deps.footballLeaderRetryMs,
        })
      : undefined;
  const codes = new BookingCodesService({
    db,
    clock,
    logger: app.log,
    realtime,
    notifications,
    buyersFiguresChanged: (userIds) => dashboard.figuresChanged(userIds),
  });
  registerBookingCodeRoutes(app, { access, codes });
  registerAdminBookingCodeRoutes(app, { db, clock, access, codes, results, bookmakers: bookmakerReader });
  const rollover = new RolloverService({ db, clock, realtime, invalidation, notifications, logger: app.log });
  registerRolloverRoutes(app, { access, rollover });
  registerAdminRolloverRoutes(app, { db, clock, access, rollover, results, notifications });
  results.onSettled((kinds) => {
    if (kinds.has('code')) {
      codes.forgetSuccessRates();
      // Forgotten here at once; other processes hear it within milliseconds through NOTIFY.
      void dashboard.figuresChanged([EVERY_KEY]);
    }
    if (kinds.has('rollover')) rollover.changed();
  });
  const tips = new TipsService({ db, clock, results });
  registerTipRoutes(app, { access, tips });
  const predictionRecord = new PredictionRecordService({ db });
  predictions.onRefit(() => predictionRecord.changed());
  tips.onChange(() => {
    predictionRecord.changed();
    predictions.tipsChanged();
  });
  const predictionJobs = await startPredictionJobs({
    config: config.modelData,
    db,
    clock,
    jobs,
    predictions,
    importer: new PredictionImportService({ db, clock }),
    logger: app.log,
  });
  registerPredictionRoutes(app, { access, predictions, record: predictionRecord, jobs: predictionJobs });
  const telegramLinks = new TelegramLinksService({
    db,
    clock,
    limiter,
    realtime,
    botUsername: config.telegram.botUsername,
  });
  const { botToken } = config.telegram;
  const telegram = botToken
    ? await createTelegramBot({
        config: { ...config.telegram, botToken },
        database,
        db,
        jobs,
        notifications,
        links: telegramLinks,
        tips,
        rollover,
        publicUrl: config.publicUrl,
        logger: app.log,
        leaderRetryMs: deps.telegramLeaderRetryMs,
      })
    : undefined;
  services.telegram = telegram;
  registerTelegramRoutes(app, {
    links: telegramLinks,
    ...(telegram && config.telegram.webhookSecret
      ? { webhook: { secret: config.telegram.webhookSecret, handle: (update) => telegram.handle(update) } }
      : {}),
  });
  const site = new SiteService({
    db,
    clock,
    tips,
    defaults: { telegramChannelUrl: config.telegramChannelUrl },
  });
  registerSiteRoutes(app, { access, site });
  registerAdminRoutes(app, {
    db,
    access,
    users: new AdminUsersService({ db, clock, realtime, invalidation }),
    deposits: new AdminDepositsService({ db, clock, deposits }),
    overview: new AdminOverviewService({ db, clock, results }),
  });

  const web = config.webDistDir
    ? await registerStaticWeb(
        app,
        config.webDistDir,
        {
          read: async () => {
            const [{ figures, record, community }, today, modelRecord] = await Promise.all([
              site.publicSite(),
              tips.todayTips(),
              predictionRecord.record(),
            ]);
            return {
              appName: 'CashTips',
              telegramBotUrl: config.telegramBotUrl,
              telegramChannelUrl: community.telegram,
              whatsappUrl: community.whatsapp,
              stats: figures,
              recordLine: recordLine(record),
              freeTips: upcomingFirst(today, clock.now())
                .slice(0, 3)
                .map(({ teams, league, time, prediction, totalOdds, demo }) => ({
                  teams,
                  league,
                  time,
                  prediction,
                  totalOdds,
                  demo,
                })),
              modelRecord: landingModelRecord(modelRecord),
            };
          },
          onChange: (listener) => {
            tips.onChange(listener);
            site.onChange(listener);
            predictionRecord.onChange(listener);
            codes.onChange(listener);
          },
        },
        {
          paths: publicPagePaths,
          formPaths: formPagePaths,
          isPublicPage,
          routeModules,
          renderedUrl,
          head: async (pathname) =>
            pageHead(
              pathname,
              await gatherPageFacts({ codes, tips, clock, liveScores: config.football !== undefined }),
              config.publicUrl,
            ),
        },
      )
    : undefined;
  if (config.webDistDir) registerSeoRoutes(app, { siteUrl: config.publicUrl });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api') &&
      !pathname.startsWith('/socket.io') &&
      !path.extname(pathname);
    if (web && isPage) return web.sendPage(request, reply);
    return reply.status(404).send({
      success: false,
      code: 'NOT_FOUND',
      message: pathname.startsWith('/api') ? `No API route ${request.method} ${pathname}.` : 'Not found.',
    });
  });

  // Old rate-limit windows are only dead rows; deleting them is idempotent, so every process may.
  const pruneTimer = setInterval(() => {
    limiter
      .pruneExpired()
      .catch((error: unknown) => app.log.warn({ err: error }, 'rate-limit pruning failed'));
  }, 15 * 60_000);
  pruneTimer.unref();

  // Updates are taken once the app is ready to answer what they ask for.
  app.addHook('onReady', async () => {
    telegram?.start();
    // In the background: readiness never waits for the model's data.
    predictionJobs.startupImport();
  });
  app.addHook('preClose', async () => {
    clearInterval(pruneTimer);
    await footballData?.stop();
    await telegram?.stop();
    await notifications.stopDelivery();
    await jobs.stop();
    push.close();
    await realtime.close();
    await invalidation.close();
  });
  app.addHook('onClose', async () => {
    mailer.close();
  });
  return app;
}
