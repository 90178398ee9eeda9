// A child process for process-faults.test.ts: installs the servers' policy, then lets a promise
// reject unhandled the way pg-boss 10's unawaited complete() does, and says whether it lived on.
import { handleProcessFaults } from '../platform/process-faults.js';

handleProcessFaults({
  databaseLost: () => console.log('database lost'),
  fatal: (_error, origin) => console.log(`fatal ${origin}`),
});

const kind = process.argv[2];
const error =
  kind === 'database-lost'
    ? Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })
    : new TypeError('Cannot read properties of undefined');

async function complete(): Promise<void> {
  await Promise.reject(error);
}
void complete();
setTimeout(() => console.log('still running'), 200);
