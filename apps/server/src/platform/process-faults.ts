import { isDatabaseUnavailable } from './database-errors.js';

export type ProcessFaultLog = {
  // A database call nobody awaited failed because PostgreSQL was away; the process carries on.
  databaseLost: (error: unknown) => void;
  // Anything else nothing handled: logged just before the process exits.
  fatal: (error: unknown, origin: string) => void;
  // Sends what the error reporter still holds (issue 19), bounded in time, before the exit.
  flush?: () => Promise<void>;
};

// An error nothing handled leaves the process in a state nobody knows: log it and exit non-zero
// for the supervisor to start a clean one (the 'exit' listener stops the embedded PostgreSQL on
// the way out). One exception, for a database restart (issue 12, finding 2): pg-boss 10 sends the
// complete() or fail() that follows a job's handler without awaiting it, so while PostgreSQL
// restarts that call's rejection is unhandled. Nothing is half-done by it: the job stays active
// until its lease or pg-boss's expiry hands it out again. Every other database call is awaited
// where it is made; a rejection that is not a lost connection still ends the process.
export function handleProcessFaults(log: ProcessFaultLog): void {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      log.databaseLost(reason);
      return;
    }
    log.fatal(reason, 'unhandledRejection');
    exitAfterFlush(log);
  });
  process.on('uncaughtException', (error, origin) => {
    log.fatal(error, origin);
    exitAfterFlush(log);
  });
}

function exitAfterFlush(log: ProcessFaultLog): void {
  if (!log.flush) process.exit(1);
  void log.flush().finally(() => process.exit(1));
}
