import { PRESCRIPTION_UNUSED_KEEP_DAYS } from '@apotheca/contract';
import fp from 'fastify-plugin';
import { purgeStaleCredentials } from '../features/auth/credential-cleanup.service';
import { removeUnusedPrescriptions } from '../features/prescriptions/prescriptions.service';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Expired sessions, used reset tokens and long-unused prescriptions are purged this often. */
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** The periodic purge of credentials that can never be used again, and of prescriptions no order used. */
export default fp(
  async (app) => {
    const purge = async () => {
      try {
        const purged = await purgeStaleCredentials(app.database.db);
        app.log.info(purged, 'stale sessions and reset tokens purged');
      } catch (err) {
        app.log.error({ err }, 'stale credential purge failed');
      }
      try {
        const before = new Date(Date.now() - PRESCRIPTION_UNUSED_KEEP_DAYS * DAY_MS);
        const removed = await removeUnusedPrescriptions(app.database.db, before);
        app.log.info({ removed }, 'prescriptions never used in an order removed');
      } catch (err) {
        app.log.error({ err }, 'unused prescription removal failed');
      }
    };
    const timer = setInterval(() => void purge(), CLEANUP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'cleanup', dependencies: ['database'] },
);
