import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Makes the opened database available to routes; closing the app closes it (graceful shutdown). */
export default fp<{ database: Database }>(
  async (app, { database }) => {
    app.decorate('database', database);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'database' },
);
