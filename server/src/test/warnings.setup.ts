import { afterEach, expect } from 'vitest';

// A warning that Node or a library raises during a test is a defect the run would otherwise only
// print: pg's notice of a query sent while its connection still runs another, for one, is an error
// in the pg version after this one. Each test fails on the warnings raised while it ran.
// The files share one module graph but each runs this set-up again: one list and one listener for
// the process.
const RAISED = Symbol.for('apotheca.test.warnings');
const store = globalThis as { [RAISED]?: Error[] };
if (!store[RAISED]) {
  const list: Error[] = [];
  store[RAISED] = list;
  process.on('warning', (warning) => list.push(warning));
}
const raised = store[RAISED];

afterEach(async () => {
  // Node emits a warning on the tick after it is raised.
  await new Promise((resolve) => setImmediate(resolve));
  expect(raised.splice(0).map((warning) => `${warning.name}: ${warning.message}`)).toEqual([]);
});
