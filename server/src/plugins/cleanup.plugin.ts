import fp from 'fastify-plugin';
import { purgeStaleCredentials } from '../features/auth/credential-cleanup.service';

/** Expired sessions and used reset tokens are purged this often. */
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** The periodic purge of credentials that can never be used again. */
export default fp(
  async (app) => {
    const purge = async () => {
      try {
        const purged = await purgeStaleCredentials(app.database.db);
        app.log.info(purged, 'stale sessions and reset tokens purged');
      } catch (err) {
        app.log.error({ err }, 'stale credential purge failed');
      }
    };
    const timer = setInterval(() => void purge(), CLEANUP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'cleanup', dependencies: ['database'] },
);
