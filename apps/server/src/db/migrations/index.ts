import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-platform.js';

// Listed explicitly so the compiled server needs no directory scan. Never edit a landed migration.
const MIGRATIONS: Record<string, Migration> = {
  '0001-platform': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
