import { loadConfig } from '../config';
import { openDatabase } from './client';
import { runOperatorCommand } from './operator-command';

// `npm run db:migrate`: applies the committed migrations to the configured database.
await runOperatorCommand(async () => {
  const database = await openDatabase(loadConfig());
  await database.migrate();
  await database.close();
  return `Migrations applied (${database.driver}).`;
});
