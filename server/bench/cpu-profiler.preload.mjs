import fs from 'node:fs';
import inspector from 'node:inspector';

// Loaded into a benched server (`node --import`) when BENCH_CPU_PROF is set: the bench sends
// { start } before a scenario and { stop: file } after it over the IPC channel, so each scenario
// gets a CPU profile of its own rather than one for the server's whole life.

const session = new inspector.Session();
session.connect();
const post = (method, params) =>
  new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );

await post('Profiler.enable');
process.on('message', async (message) => {
  if (message.start) {
    await post('Profiler.start');
    process.send({ started: true });
  } else if (message.stop) {
    const { profile } = await post('Profiler.stop');
    fs.writeFileSync(message.stop, JSON.stringify(profile));
    process.send({ stopped: message.stop });
  }
});
// The channel must not keep a server that was told to stop alive.
process.channel?.unref();
