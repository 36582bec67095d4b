import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runOperatorCommand } from '../db/operator-command';
import { adminPasswordLine, prepareDatabase } from './startup';

// `npm run db:seed`: migrates, creates the first admin if none exists and fills an empty catalogue.
await runOperatorCommand(async () => {
  const config = loadConfig();
  const database = await openDatabase(config);
  const report = await prepareDatabase(database, config);
  await database.close();
  return (
    `Seeded ${report.medicinesSeeded} medicines; admin ${report.admin.created ? 'created' : 'already present'}.\n` +
    adminPasswordLine(config.adminEmail, report.admin)
  ).trimEnd();
});
