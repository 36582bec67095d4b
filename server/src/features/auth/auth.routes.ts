import path from 'node:path';
import {
  deleteUserResponseSchema,
  errorResponseSchema,
  forgotPasswordSchema,
  idParamsSchema,
  loginResponseSchema,
  loginSchema,
  meResponseSchema,
  messageResponseSchema,
  registerResponseSchema,
  registerSchema,
  resetPasswordParamsSchema,
  resetPasswordSchema,
  tokenParamsSchema,
  updateUserRoleSchema,
  userResponseSchema,
  usersResponseSchema,
  validateTokenResponseSchema,
} from '@apotheca/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { currentUser } from '../../plugins/auth.plugin';
import {
  LOGGED_IN_MESSAGE,
  LOGGED_OUT_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  REGISTERED_MESSAGE,
  RESET_MAIL_SENT_MESSAGE,
  USER_DELETED_MESSAGE,
  deleteUser,
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
import { createMailer } from './mail.service';
import { revokeSession } from './session.service';

const tags = ['auth'];
const bearer = BEARER_AUTH;
const error = errorResponseSchema;

/** CONTRACT.md's auth and user calls under /api/auth. */
const authRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const { db } = app.database;
  const mailer = createMailer(
    { smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') },
    (details, message) => app.log.info(details, message),
  );
  app.addHook('onClose', async () => mailer.close());

  app.post(
    '/register',
    {
      config: app.strictRateLimit,
      schema: {
        tags,
        body: registerSchema,
        response: { 201: registerResponseSchema, 400: error, 409: error, 429: error },
      },
    },
    async (request, reply) => {
      const user = await register(db, request.body);
      return reply.code(201).send({ message: REGISTERED_MESSAGE, user });
    },
  );

  app.post(
    '/login',
    {
      config: app.strictRateLimit,
      schema: { tags, body: loginSchema, response: { 200: loginResponseSchema, 400: error, 401: error, 429: error } },
    },
    async (request) => {
      const { token, user } = await login(db, request.body);
      return { message: LOGGED_IN_MESSAGE, token, role: user.role, user };
    },
  );

  app.get(
    '/logout',
    {
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
      config: app.strictRateLimit,
      schema: { tags, body: forgotPasswordSchema, response: { 200: messageResponseSchema, 400: error, 429: error } },
    },
    async (request) => {
      try {
        await requestPasswordReset(db, mailer, config.appUrl, request.body.email);
      } catch (err) {
        // A failing mail server must not reveal, by a different answer, that the address is registered.
        request.log.error({ err }, 'password reset mail not sent');
      }
      return { message: RESET_MAIL_SENT_MESSAGE };
    },
  );

  app.post(
    '/validate-token/:token',
    { schema: { tags, params: tokenParamsSchema, response: { 200: validateTokenResponseSchema, 400: error } } },
    async (request) => ({ status: await isResetTokenValid(db, request.params.token) }),
  );

  app.post(
    '/reset-password/:userId/:token',
    {
      schema: {
        tags,
        params: resetPasswordParamsSchema,
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema, 400: error },
      },
    },
    async (request) => {
      await resetPassword(db, request.params.userId, request.params.token, request.body.newPassword);
      return { message: PASSWORD_RESET_MESSAGE };
    },
  );

  app.get(
    '/get-all-users',
    {
      preHandler: app.requireAdmin,
      schema: { tags, security: bearer, response: { 200: usersResponseSchema, 401: error, 403: error } },
    },
    async () => ({ users: await listUsers(db) }),
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
    async (request) => ({ message: USER_DELETED_MESSAGE, user: await deleteUser(db, request.params.id) }),
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
    async (request) => ({ user: await setUserRole(db, request.params.id, request.body.role) }),
  );
};

export default authRoutes;
