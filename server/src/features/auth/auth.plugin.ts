import { isStaff, ROLE, NOT_ADMIN_MESSAGE } from '@apotheca/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cacheSessions, findSessionUser, type SessionUser } from './session.service';
import { HttpError } from '../../http-error';
import { bearerToken } from '../../lib/bearer-token';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a live bearer token is required; sets `request.user` and `request.token`. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: as `authenticate`, and the user must have the admin role. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: as `authenticate`, and the user must be staff (a pharmacist or an admin). */
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    token: string | null;
  }
}

// The product's fixed messages, never reworded: clients compare them.
export const NO_TOKEN_MESSAGE = 'No token found';
export const BAD_TOKEN_MESSAGE = 'Token expired or invalid';

export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('token', null);
    await cacheSessions(app.database);

    const authenticate = async (request: FastifyRequest) => {
      // The client stores the token as a JSON string, quotes included; tolerate the quotes it may carry.
      const token = bearerToken(request.headers.authorization)
        ?.trim()
        .replace(/^"(.*)"$/, '$1');
      if (!token) throw HttpError.unauthorized(NO_TOKEN_MESSAGE);
      const user = token.length <= 200 ? await findSessionUser(app.database.db, token) : null;
      if (!user) throw HttpError.unauthorized(BAD_TOKEN_MESSAGE);
      request.user = user;
      request.token = token;
    };

    app.decorate('authenticate', authenticate);
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await authenticate(request);
      if (request.user?.role !== ROLE.admin) throw HttpError.forbidden(NOT_ADMIN_MESSAGE);
    });
    app.decorate('requireStaff', async (request: FastifyRequest) => {
      await authenticate(request);
      if (!isStaff(request.user?.role)) throw HttpError.forbidden(NOT_ADMIN_MESSAGE);
    });
  },
  { name: 'auth', dependencies: ['database'] },
);

/** The authenticated user of a route guarded by `authenticate` or `requireAdmin`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw HttpError.unauthorized(NO_TOKEN_MESSAGE);
  return request.user;
}
