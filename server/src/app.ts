import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { makeBackupDirectory } from './db/backup';
import { startScheduledBackups } from './db/backup-schedule';
import type { Database } from './db/client';
import addressesRoutes from './features/addresses/addresses.routes';
import auditRoutes from './features/audit/audit.routes';
import authRoutes from './features/auth/auth.routes';
import batchesRoutes from './features/batches/batches.routes';
import cartRoutes from './features/cart/cart.routes';
import contactRoutes from './features/contact/contact.routes';
import healthRoutes, { type Readiness } from './features/health/health.routes';
import { createCatalogueCache } from './features/medicines/catalogue-cache.service';
import medicinesRoutes from './features/medicines/medicines.routes';
import metricsRoutes from './features/metrics/metrics.routes';
import ordersRoutes from './features/orders/orders.routes';
import prescriptionsRoutes from './features/prescriptions/prescriptions.routes';
import reportsRoutes from './features/reports/reports.routes';
import { startOrderDaysFold } from './features/orders/order-days.job';
import { startUnpaidOrderExpiry } from './features/orders/unpaid-orders.job';
import { startExpiryWatch } from './features/stock/expiry.job';
import { startCredentialCleanup } from './features/auth/credential-cleanup.job';
import { startUnusedPrescriptionRemoval } from './features/prescriptions/unused-prescriptions.job';
import authPlugin from './features/auth/auth.plugin';
import databasePlugin from './plugins/database.plugin';
import answerCachingPlugin from './plugins/answer-caching.plugin';
import answerCompressionPlugin from './plugins/answer-compression.plugin';
import errorsPlugin, { sendClientError, sendError } from './plugins/errors.plugin';
import requestBodiesPlugin from './plugins/request-bodies.plugin';
import mailOutboxPlugin from './features/mail/mail-outbox.plugin';
import metricsPlugin from './features/metrics/metrics.plugin';
import { loggerOptions, prettyLogStream, requestLogger, type LogStream } from './plugins/log-options';
import openapiPlugin from './plugins/openapi.plugin';
import { answeringServer, ReadyAnswers } from './plugins/ready-answers';
import overloadPlugin from './plugins/overload.plugin';
import rateLimitPlugin from './plugins/rate-limit.plugin';
import securityPlugin from './plugins/security.plugin';
import staticClientPlugin from './plugins/static-client.plugin';

/**
 * Expired sessions, used reset tokens and long-unused prescriptions are purged, and past days of order
 * counts folded, this often.
 */
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Request bodies larger than this are answered 413 (uploads have their own limit). */
const BODY_LIMIT_BYTES = 100 * 1024;
/**
 * As long as a request line may be (Node's 16 KB header limit), so every id reaches its route and an
 * unknown one of any length is a 404 there; Fastify's default of 100 answered 414 with its own body.
 */
const MAX_PARAM_LENGTH = 16 * 1024;
/** A request, body included, must arrive within this; a slow sender otherwise holds a socket for ever. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** An idle connection (keep-alive or a stalled upload) is closed after this. */
export const CONNECTION_TIMEOUT_MS = 60_000;

/** Fastify runs a hop count this way too; its types only accept the function form. */
const trustedProxies = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

declare module 'fastify' {
  interface FastifyInstance {
    /** main.ts marks a stopping instance as draining: `/api/health/ready` then answers 503. */
    readiness: Readiness;
    /** Answers made once and written before routing: the catalogue's cached reads, kept pages. */
    readyAnswers: ReadyAnswers;
  }
}

/** Fastify's logger is pino's, which says whether a level writes. */
type RequestLog = FastifyInstance['log'] & { isLevelEnabled(level: string): boolean };

type AppOptions = { config: Config; database: Database; logger?: boolean; logStream?: LogStream };

/** Builds the whole product on an opened database; tests call it through `app.inject`. */
export async function buildApp({ config, database, logger = true, logStream }: AppOptions): Promise<FastifyInstance> {
  const backupSchedule =
    config.backupEveryHours > 0
      ? { dir: config.backupDir, everyMs: config.backupEveryHours * 3_600_000, keep: config.backupKeep }
      : undefined;
  // Before anything starts: a schedule whose folder cannot be written would fail at every look, a
  // minute apart, each time with a stack in the log, while the shop ran on without backups. A folder
  // the operator named is checked with no schedule too: else the first backup by hand, perhaps the
  // one taken before an upgrade, would be the one to find it wrong.
  if (backupSchedule || config.backupDirSet) makeBackupDirectory(config.backupDir);
  const readyAnswers = new ReadyAnswers();
  const app = Fastify({
    serverFactory: answeringServer(readyAnswers, (): Readonly<Record<string, string>> => app.securityHeaders),
    logger: logger
      ? loggerOptions(config.logLevel, logStream ?? (config.prettyLogs ? prettyLogStream() : undefined))
      : false,
    ...(logger ? { childLoggerFactory: requestLogger } : {}),
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Fastify answers these before any hook runs, so the security headers every answer carries are set here.
    frameworkErrors: (error, request, reply) => void sendError(error, request, reply.headers(app.securityHeaders)),
    // Node's parser refuses these before Fastify sees a request: the same headers, from the same source.
    clientErrorHandler: (error: Error, socket: Socket): void => sendClientError(error, socket, app.securityHeaders),
    trustProxy: trustedProxies(config.trustProxy),
    // Let in-flight requests finish on shutdown while refusing new connections.
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(requestBodiesPlugin);
  // First of the request hooks, so an answer another hook refuses (a busy instance's 503) carries them too.
  await app.register(securityPlugin, {
    connectOrigins: config.contactFormUrl ? [new URL(config.contactFormUrl).origin] : [],
    https: config.appUrl.startsWith('https:'),
  });
  await app.register(overloadPlugin, { maxInFlight: config.maxInFlightRequests });
  await app.register(databasePlugin, { database });
  await app.register(metricsPlugin);
  await app.register(mailOutboxPlugin, { config });
  await app.register(rateLimitPlugin, { perMinute: config.rateLimitPerMinute, redisUrl: config.redisUrl });
  await app.register(authPlugin);
  await app.register(openapiPlugin);
  readyAnswers.open({
    securityHeaders: app.securityHeaders,
    counter: (route, status) => app.requestCounter('GET', route, status),
    overloaded: app.overloaded,
    logsRequests: logger ? () => (app.log as RequestLog).isLevelEnabled('info') : () => false,
  });
  app.decorate('readyAnswers', readyAnswers);
  app.addHook('preClose', (done) => {
    readyAnswers.close();
    done();
  });

  app.decorate('readiness', { draining: false });
  const catalogue = await createCatalogueCache(database, app.log);
  app.addHook('onClose', () => catalogue.close());
  await app.register(
    async (api) => {
      await api.register(answerCachingPlugin);
      await api.register(answerCompressionPlugin);
      await api.register(healthRoutes, { readiness: app.readiness });
      await api.register(authRoutes, { prefix: '/auth', config, catalogue });
      await api.register(contactRoutes, { prefix: '/contact', config });
      await api.register(medicinesRoutes, {
        catalogue,
        appUrl: config.appUrl,
        importPrivateImageRanges: config.importPrivateImageRanges,
      });
      await api.register(cartRoutes);
      await api.register(ordersRoutes, { catalogue, unpaidOrderTtlMinutes: config.unpaidOrderTtlMinutes });
      await api.register(prescriptionsRoutes);
      await api.register(batchesRoutes, { catalogue });
      await api.register(reportsRoutes);
      await api.register(metricsRoutes, { token: config.metricsToken });
      await api.register(addressesRoutes);
      await api.register(auditRoutes);
    },
    { prefix: '/api' },
  );

  const stopUnpaidOrderExpiry = startUnpaidOrderExpiry({
    db: database.db,
    catalogue,
    ttlMinutes: config.unpaidOrderTtlMinutes,
    everyMs: config.unpaidOrderSweepMs,
    log: app.log,
  });
  app.addHook('onClose', stopUnpaidOrderExpiry);
  const stopExpiryWatch = startExpiryWatch({
    db: database.db,
    catalogue,
    everyMs: config.expiryCheckMs,
    log: app.log,
  });
  app.addHook('onClose', stopExpiryWatch);
  app.addHook('onClose', startCredentialCleanup({ db: database.db, everyMs: CLEANUP_INTERVAL_MS, log: app.log }));
  app.addHook(
    'onClose',
    startUnusedPrescriptionRemoval({ db: database.db, everyMs: CLEANUP_INTERVAL_MS, log: app.log }),
  );
  app.addHook('onClose', startOrderDaysFold({ db: database.db, everyMs: CLEANUP_INTERVAL_MS, log: app.log }));
  if (backupSchedule) {
    const stopScheduledBackups = startScheduledBackups({
      database,
      schedule: backupSchedule,
      onBackup: ({ file, bytes, rows }) => app.log.info({ file, bytes, rows }, 'scheduled backup written'),
      log: app.log,
    });
    app.addHook('onClose', stopScheduledBackups);
  }
  await app.register(staticClientPlugin, {
    clientDistDir: config.clientDistDir,
    clientRendererFile: config.clientRendererFile,
    catalogueGeneration: () => catalogue.generation(),
  });
  return app;
}
