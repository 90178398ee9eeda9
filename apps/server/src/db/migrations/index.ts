import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-platform.js';
import * as m0002 from './0002-access-and-sign-in.js';
import * as m0005 from './0005-administration-search.js';
import * as m0006 from './0006-idle-timeout-default.js';
import * as m0007 from './0007-workflows.js';
import * as m0008 from './0008-dashboard-indexes.js';
import * as m0009 from './0009-workflow-exports.js';
import * as m0010 from './0010-user-preferences.js';
import * as m0011 from './0011-answer-numbers-as-float.js';
import * as m0012 from './0012-threads-and-mentions.js';
import * as m0013 from './0013-collaboration.js';
import * as m0014 from './0014-dashboards-and-reports.js';
import * as m0015 from './0015-report-subscriptions.js';
import * as m0016 from './0016-report-indexes.js';
import * as m0017 from './0017-step-group-cycles.js';
import * as m0018 from './0018-job-leases.js';
import * as m0019 from './0019-dashboard-columns.js';
import * as m0020 from './0020-studio.js';
import * as m0021 from './0021-status-name-translations.js';
import * as m0022 from './0022-test-workflows.js';
import * as m0023 from './0023-workflow-moves.js';
import * as m0024 from './0024-studio-app-settings.js';
import * as m0025 from './0025-tasks.js';
import * as m0026 from './0026-search.js';
import * as m0027 from './0027-count-statistics.js';
import * as m0028 from './0028-answer-filter-statistics.js';
import * as m0029 from './0029-report-rollups.js';
import * as m0031 from './0031-report-rollup-static-triggers.js';
import * as m0032 from './0032-name-search-share.js';
import * as m0033 from './0033-deep-page-index.js';
import * as m0034 from './0034-records.js';
import * as m0035 from './0035-batch-imports.js';
import * as m0036 from './0036-batch-updates.js';
import * as m0037 from './0037-report-rollup-bulk-writes.js';
import * as m0038 from './0038-record-list-statistics.js';
import * as m0039 from './0039-record-type-rows.js';
import * as m0040 from './0040-tenant-branding.js';
import * as m0041 from './0041-place-archiving.js';
import * as m0042 from './0042-badge-definitions.js';
import * as m0043 from './0043-api-tokens.js';
import * as m0044 from './0044-scheduled-exports.js';
import * as m0045 from './0045-answer-date-walk.js';

// Listed explicitly so the compiled server needs no directory scan. Never edit a landed migration;
// numbers only grow (0003 and 0004 were never used), because Kysely refuses one that sorts before
// a migration a database has already run.
const MIGRATIONS: Record<string, Migration> = {
  '0001-platform': m0001,
  '0002-access-and-sign-in': m0002,
  '0005-administration-search': m0005,
  '0006-idle-timeout-default': m0006,
  '0007-workflows': m0007,
  '0008-dashboard-indexes': m0008,
  '0009-workflow-exports': m0009,
  '0010-user-preferences': m0010,
  '0011-answer-numbers-as-float': m0011,
  '0012-threads-and-mentions': m0012,
  '0013-collaboration': m0013,
  '0014-dashboards-and-reports': m0014,
  '0015-report-subscriptions': m0015,
  '0016-report-indexes': m0016,
  '0017-step-group-cycles': m0017,
  '0018-job-leases': m0018,
  '0019-dashboard-columns': m0019,
  '0020-studio': m0020,
  '0021-status-name-translations': m0021,
  '0022-test-workflows': m0022,
  '0023-workflow-moves': m0023,
  '0024-studio-app-settings': m0024,
  '0025-tasks': m0025,
  '0026-search': m0026,
  '0027-count-statistics': m0027,
  '0028-answer-filter-statistics': m0028,
  '0029-report-rollups': m0029,
  '0031-report-rollup-static-triggers': m0031,
  '0032-name-search-share': m0032,
  '0033-deep-page-index': m0033,
  '0034-records': m0034,
  '0035-batch-imports': m0035,
  '0036-batch-updates': m0036,
  '0037-report-rollup-bulk-writes': m0037,
  '0038-record-list-statistics': m0038,
  '0039-record-type-rows': m0039,
  '0040-tenant-branding': m0040,
  '0041-place-archiving': m0041,
  '0042-badge-definitions': m0042,
  '0043-api-tokens': m0043,
  '0044-scheduled-exports': m0044,
  '0045-answer-date-walk': m0045,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
