import { createHash } from 'node:crypto';
import { errorResponseSchema } from '@apotheca/contract';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { HttpError } from '../http-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route config for the endpoints that take credentials or send mail, which guessing or flooding would abuse. */
    // One object type (not a union with `{}`), so Fastify can infer a route's config type from it.
    strictRateLimit: { rateLimit?: { max: number; timeWindow: string } };
    /**
     * Counts a login attempt per e-mail address, whatever address it comes from, so spreading
     * guesses over many clients does not multiply them; 429 past the limit. A no-op when limits are
     * off.
     */
    loginAttemptsPerEmail: (request: FastifyRequest) => Promise<void>;
    /**
     * A preHandler, put after the route's sign-in check, that allows each signed-in user `max` calls
     * in `minutes`, whatever address they come from; past it 429 with `message` and Retry-After.
     * For a route whose every call is costly. A no-op when limits are off.
     */
    perUserRateLimit: (limit: PerUserLimit) => (request: FastifyRequest) => Promise<void>;
  }
}

type PerUserLimit = { name: string; max: number; minutes: number; message: string };

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests, please try again in a minute.';

/**
 * The options of a route under the strict rate limit (credentials, forms and uploads, which guessing
 * or flooding would abuse): the limit, the body (if it takes one) capped at `bodyLimit`, and the
 * refusals every such route gives in the one error shape, 400 for bad input and 429 past the limit,
 * beside its own answers.
 */
export function strictlyLimited<Schema extends { response: object }>(
  app: FastifyInstance,
  schema: Schema,
  bodyLimit?: number,
) {
  return {
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    config: app.strictRateLimit,
    schema: { ...schema, response: { ...schema.response, 400: errorResponseSchema, 429: errorResponseSchema } },
  };
}

/**
 * Limits login, register, forgot-password, validate-token, reset-password and contact only (by client address, and
 * login also by e-mail address), and the catalogue import by admin: a global limit would halve the catalogue's
 * throughput. `RATE_LIMIT_PER_MINUTE=0` turns it off; `REDIS_URL` shares counts between instances.
 */
export default fp<{ perMinute: number; redisUrl: string | undefined }>(
  async (app, { perMinute, redisUrl }) => {
    // A Redis that goes away must not take the API down: counting fails open (skipOnError), commands
    // fail at once instead of queueing, and the log says so once per outage.
    const redis = redisUrl
      ? new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
      : undefined;
    if (redis) {
      let reachable = true;
      redis.on('ready', () => (reachable = true));
      redis.on('error', (error: Error) => {
        if (reachable)
          app.log.warn({ err: error }, 'Redis is unreachable: rate limits are not counted until it is back');
        reachable = false;
      });
      app.addHook('onClose', async () => void redis.disconnect());
    }
    await app.register(rateLimit, {
      global: false,
      skipOnError: true,
      ...(redis ? { redis } : {}),
      errorResponseBuilder: () => ({ statusCode: 429, message: TOO_MANY_REQUESTS_MESSAGE }),
    });
    app.decorate('strictRateLimit', perMinute > 0 ? { rateLimit: { max: perMinute, timeWindow: '1 minute' } } : {});
    // A limiter of its own (createRateLimit, not rateLimit): the per-address limit of the same
    // request has already run, and rateLimit's handlers run once per request.
    const perEmail =
      perMinute > 0
        ? app.createRateLimit({
            max: perMinute,
            timeWindow: '1 minute',
            // The body is validated (and the address trimmed) before a preHandler runs. Counted under a
            // digest of the address, so a shared Redis, its dumps and its monitor name nobody's e-mail;
            // unsalted, as every instance must reach the same key, so it hides the address from a glance,
            // not from someone who guesses it.
            keyGenerator: (request) =>
              `login-email:${createHash('sha256')
                .update((request.body as { email: string }).email.toLowerCase())
                .digest('hex')}`,
          })
        : undefined;
    app.decorate('loginAttemptsPerEmail', async (request: FastifyRequest) => {
      const limit = await perEmail?.(request);
      if (limit && !limit.isAllowed && limit.isExceeded) throw new HttpError(429, TOO_MANY_REQUESTS_MESSAGE);
    });
    app.decorate('perUserRateLimit', ({ name, max, minutes, message }: PerUserLimit) => {
      if (perMinute === 0) return async () => {};
      const perUser = app.createRateLimit({
        max,
        timeWindow: minutes * 60_000,
        keyGenerator: (request) => `${name}:${request.user?.id}`,
      });
      return async (request: FastifyRequest) => {
        const limit = await perUser(request);
        if (!limit.isAllowed && limit.isExceeded) throw new HttpError(429, message, undefined, limit.ttlInSeconds);
      };
    });
  },
  { name: 'rate-limit' },
);
