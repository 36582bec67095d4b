import {
  deleteUserResponseSchema,
  errorResponseSchema,
  forgotPasswordSchema,
  idParamsSchema,
  loginResponseSchema,
  loginSchema,
  meResponseSchema,
  messageResponseSchema,
  resetPasswordResponseSchema,
  registerResponseSchema,
  registerSchema,
  resetPasswordParamsSchema,
  resetPasswordSchema,
  tokenParamsSchema,
  updateUserRoleSchema,
  userResponseSchema,
  userListQuerySchema,
  usersResponseSchema,
  validateTokenResponseSchema,
  LOGGED_IN_MESSAGE,
  LOGGED_OUT_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  REGISTERED_MESSAGE,
  USER_DELETED_MESSAGE,
} from '@apotheca/contract';
import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { CatalogueWriter } from '../medicines/catalogue-cache.service';
import { currentUser } from './auth.plugin';
import {
  RESET_MAIL_SENT_MESSAGE,
  deleteUser,
  isKnownBrowser,
  isResetTokenValid,
  listUsers,
  login,
  register,
  requestPasswordReset,
  resetPassword,
  setUserRole,
  toUser,
} from './auth.service';
import { BEARER_AUTH } from '../../plugins/openapi.plugin';
import { strictlyLimited } from '../../plugins/rate-limit.plugin';
import { HttpError } from '../../http-error';
import { KNOWN_BROWSER_COOKIE, KNOWN_BROWSER_MAX_AGE_SECONDS } from './known-browser';
import { revokeSession } from './session.service';

const tags = ['auth'];
/** Every auth body is a few short fields: anything larger is refused (413) before it is parsed. */
const AUTH_BODY_LIMIT_BYTES = 4 * 1024;
const bearer = BEARER_AUTH;
const error = errorResponseSchema;

/** The auth and user calls under /api/auth: register, login, logout, password reset, profile and user admin. */
const authRoutes: FastifyPluginAsyncZod<{ config: Config; catalogue: CatalogueWriter }> = async (
  app,
  { config, catalogue },
) => {
  const { db } = app.database;
  // Read and set only by login, for the browsers that have signed in to an account before: its
  // hooks run on these routes alone, not on every catalogue read.
  await app.register(cookie);
  // The routes that take a body take a few short fields.
  const authForm = <Schema extends { response: object }>(schema: Schema) =>
    strictlyLimited(app, schema, AUTH_BODY_LIMIT_BYTES);

  app.post(
    '/register',
    authForm({ tags, body: registerSchema, response: { 201: registerResponseSchema, 409: error } }),
    async (request, reply) => {
      const user = await register(db, request.body, config.scryptCost);
      return reply.code(201).send({ message: REGISTERED_MESSAGE, user });
    },
  );

  app.post(
    '/login',
    authForm({ tags, body: loginSchema, response: { 200: loginResponseSchema, 401: error } }),
    async (request, reply) => {
      // A browser that has signed in to this account before passes the per-e-mail limit with the
      // right password, so guesses from elsewhere cannot lock the owner out; its wrong passwords
      // still count. The per-address limit applies to everyone.
      const known = await isKnownBrowser(db, request.body.email, request.cookies[KNOWN_BROWSER_COOKIE]);
      if (!known) await app.loginAttemptsPerEmail(request);
      const { token, user, knownBrowser } = await login(db, request.body, config.scryptCost).catch(async (cause) => {
        if (known && cause instanceof HttpError && cause.statusCode === 401) await app.loginAttemptsPerEmail(request);
        throw cause;
      });
      reply.setCookie(KNOWN_BROWSER_COOKIE, knownBrowser, {
        path: request.routeOptions.url,
        httpOnly: true,
        sameSite: 'strict',
        secure: 'auto',
        maxAge: KNOWN_BROWSER_MAX_AGE_SECONDS,
      });
      return { message: LOGGED_IN_MESSAGE, token, role: user.role, user };
    },
  );

  app.get(
    '/logout',
    {
      // HEAD is a safe method: Fastify's HEAD twin of this GET would run the handler and revoke the
      // token for a link checker or a prefetch that only asked for headers.
      exposeHeadRoute: false,
      preHandler: app.authenticate,
      schema: { tags, security: bearer, response: { 200: messageResponseSchema, 401: error } },
    },
    async (request) => {
      if (request.token) await revokeSession(db, request.token);
      return { message: LOGGED_OUT_MESSAGE };
    },
  );

  app.get(
    '/me',
    {
      preHandler: app.authenticate,
      schema: { tags, security: bearer, response: { 200: meResponseSchema, 401: error } },
    },
    async (request) => {
      const user = toUser(currentUser(request));
      return { user, ...user };
    },
  );

  app.post(
    '/forgot-password',
    {
      ...authForm({ tags, body: forgotPasswordSchema, response: { 200: messageResponseSchema } }),
      // The answer goes first, the same for every address; the lookup and the mail follow it, only
      // after the 200: a refused request (400, 413, 429) has no address to look up.
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 200) return;
        try {
          await requestPasswordReset(db, config.appUrl, request.body.email);
          await app.mailOutbox.wake();
        } catch (err) {
          request.log.error({ err }, 'password reset not queued');
        }
      },
    },
    async () => ({ message: RESET_MAIL_SENT_MESSAGE }),
  );

  app.post(
    '/validate-token/:token',
    strictlyLimited(app, { tags, params: tokenParamsSchema, response: { 200: validateTokenResponseSchema } }),
    async (request) => ({ status: await isResetTokenValid(db, request.params.token) }),
  );

  app.post(
    '/reset-password/:userId/:token',
    authForm({
      tags,
      params: resetPasswordParamsSchema,
      body: resetPasswordSchema,
      response: { 200: resetPasswordResponseSchema },
    }),
    async (request) => {
      const { userId, token } = request.params;
      const email = await resetPassword(db, userId, token, request.body.newPassword, config.scryptCost);
      return { message: PASSWORD_RESET_MESSAGE, email };
    },
  );

  app.get(
    '/get-all-users',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        security: bearer,
        querystring: userListQuerySchema,
        response: { 200: usersResponseSchema, 400: error, 401: error, 403: error },
      },
    },
    async (request) => listUsers(db, request.query),
  );

  app.delete(
    '/delete-user/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        security: bearer,
        params: idParamsSchema,
        response: { 200: deleteUserResponseSchema, 401: error, 403: error, 404: error },
      },
    },
    async (request) => ({
      message: USER_DELETED_MESSAGE,
      user: await deleteUser(db, request.params.id, currentUser(request).id, catalogue),
    }),
  );

  app.patch(
    '/users/:id/role',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        security: bearer,
        params: idParamsSchema,
        body: updateUserRoleSchema,
        response: { 200: userResponseSchema, 400: error, 401: error, 403: error, 404: error, 409: error },
      },
    },
    async (request) => ({ user: await setUserRole(db, request.params.id, request.body.role, currentUser(request).id) }),
  );
};

export default authRoutes;
