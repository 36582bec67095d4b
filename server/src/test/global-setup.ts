import { ensureMigratedDump } from './pglite-dump';

export default async function setup() {
  await ensureMigratedDump();
}
