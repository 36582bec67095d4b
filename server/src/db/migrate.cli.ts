import { loadConfig } from '../config';
import { openDatabase } from './client';

// `npm run db:migrate`: applies the committed migrations to the configured database.
const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
await database.close();
process.stdout.write(`Migrations applied (${database.driver}).\n`);
