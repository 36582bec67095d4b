import { buildApp } from './app';
import { ConfigError, DEFAULT_ADMIN_PASSWORD, loadConfig } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { prepareDatabase } from './db/startup';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const report = await prepareDatabase(database, config);
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Drain: the load balancer sees /api/health/ready fail and stops sending requests while this
    // instance still answers; then it stops accepting, finishes in-flight requests and closes.
    app.readiness.draining = true;
    app.log.info(`${signal} received: draining for ${config.drainDelayMs} ms, then finishing in-flight requests`);
    await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  const lines = [
    '',
    `  Apotheca is running at http://${shownHost}:${config.port}`,
    `  Database: ${database.driver === 'pg' ? 'PostgreSQL server (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
    `  Admin: ${config.adminEmail}` +
      (config.adminPassword === DEFAULT_ADMIN_PASSWORD ? ` / password ${DEFAULT_ADMIN_PASSWORD} (default)` : ''),
    report.medicinesSeeded ? `  Seeded the demo catalogue with ${report.medicinesSeeded} medicines.` : '',
    '',
  ];
  process.stdout.write(lines.filter((line, i) => line || i === 0 || i === lines.length - 1).join('\n') + '\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Apotheca failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
