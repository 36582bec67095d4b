import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { listenFailure, loadConfig } from './config';
import { openDatabase } from './db/client';
import { postmasterRunning } from './db/embedded-postgres';
import { isExplained } from './db/operator-command';
import { adminPasswordLine, prepareDatabase, type StartupReport } from './startup/startup';

/** How often the app looks whether its embedded PostgreSQL still runs. */
const EMBEDDED_WATCH_MS = 2_000;

async function main() {
  const config = loadConfig();
  // A signal during the start is acted on once the start is done: exiting at once would leave the
  // embedded PostgreSQL running without its app.
  let signalled: string | undefined;
  let onSignal = (signal: string) => void (signalled = signal);
  // SIGHUP too: the terminal of `npm start` closing (an SSH session that drops) would otherwise end the
  // app at once and leave its embedded PostgreSQL running.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => onSignal(signal));

  const database = await openDatabase(config);
  let report: StartupReport;
  let built: FastifyInstance | undefined;
  try {
    report = await prepareDatabase(database, config);
    built = await buildApp({ config, database });
    // Only listen's own failures are the address's: an EACCES of the start before it is not PORT's.
    await built.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
      throw listenFailure(error, config);
    });
  } catch (error) {
    // The embedded PostgreSQL is a process of its own: a failed start must not leave it running
    // (closing the app closes its database).
    await (built ? built.close() : database.close()).catch(() => {});
    throw error;
  }
  const app = built;
  for (const warning of config.warnings) app.log.warn(warning);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Drain: the load balancer sees /api/health/ready fail and stops sending requests while this
    // instance still answers; then it stops accepting, finishes in-flight requests and closes.
    app.readiness.draining = true;
    app.log.info(`${signal} received: draining for ${config.drainDelayMs} ms, then finishing in-flight requests`);
    await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
    // A request that will not end (a checkout waiting on a lock) must not hold the stop for ever; nor
    // may the exit leave the embedded PostgreSQL running, as process.exit alone did, without a word.
    const timer = setTimeout(() => {
      app.log.error(
        `Requests still running ${config.stopGraceMs / 1000} s after ${signal}: ending them, stopping the database and exiting with code 1`,
      );
      void (database.stopEmbedded?.() ?? Promise.resolve()).catch(() => {}).finally(() => process.exit(1));
    }, config.stopGraceMs).unref();
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  };
  onSignal = (signal) => void shutdown(signal);
  if (signalled) onSignal(signalled);

  // The embedded PostgreSQL is this instance's own: stopped under it (killed, out of memory), the app
  // could only answer 503 until someone noticed. It exits non-zero instead, so that whatever restarts
  // the app (a container's policy, systemd) starts both again; the restart recovers the database.
  const embeddedDir = database.embeddedDir;
  if (embeddedDir) {
    const watch = setInterval(() => {
      if (closing || postmasterRunning(embeddedDir)) return;
      clearInterval(watch);
      closing = true;
      app.log.fatal(`The embedded PostgreSQL in ${embeddedDir} stopped: exiting, for a restart to start it again`);
      const timer = setTimeout(() => process.exit(1), 10_000).unref();
      void app
        .close()
        .catch(() => {})
        .finally(() => {
          clearTimeout(timer);
          process.exit(1);
        });
    }, EMBEDDED_WATCH_MS).unref();
  }

  const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  const lines = [
    '',
    `  Apotheca is running at http://${shownHost}:${config.port}`,
    `  Database: ${database.embeddedDir ? `embedded PostgreSQL in ${database.embeddedDir}` : 'PostgreSQL server (DATABASE_URL)'}`,
    report.pgliteImport
      ? `  Imported ${report.pgliteImport.rows} rows from the PGlite database of an earlier version; it is kept in ${report.pgliteImport.keptAs}.`
      : '',
    adminPasswordLine(config.adminEmail, report.admin).trimEnd() || `  Admin: ${config.adminEmail}`,
    report.medicinesSeeded ? `  Seeded the demo catalogue with ${report.medicinesSeeded} medicines.` : '',
    '',
  ];
  process.stdout.write(lines.filter((line, i) => line || i === 0 || i === lines.length - 1).join('\n') + '\n');
}

main().catch((error: unknown) => {
  if (isExplained(error)) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Apotheca failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
