import { defineConfig } from 'drizzle-kit';

// Only generates migrations from the schema; it never connects to a database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
