import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { createExportRunner, type ExportRunner } from './modules/exports/index.js';
import { createIntegrationRunner, type IntegrationRunner } from './modules/integrations/index.js';
import { createThreadEmails, type ThreadEmails } from './modules/mentions/index.js';
import { createReportSubscriptionRunner, type ReportSubscriptionRunner } from './modules/reports/index.js';
import { createSchedulerRunner, type SchedulerRunner } from './modules/scheduler/index.js';
import { type CaptchaGuard, createCaptchaGuard } from './platform/captcha/captcha-guard.js';
import type { CaptchaVerifierFactory } from './platform/captcha/captcha-verifier.js';
import { hcaptchaVerifier } from './platform/captcha/hcaptcha-verifier.js';
import { createSecretBox, type SecretBox } from './platform/crypto/secret-box.js';
import { createFileStore } from './platform/files/create-file-store.js';
import type { FileStore } from './platform/files/file-store.js';
import { createMailer, type JobSender, type Mailer } from './platform/mail/mailer.js';
import {
  createDeferredPublisher,
  type DeferredPublisher,
  type RealtimePublisher,
} from './platform/realtime/realtime-publisher.js';
import { createTenantDirectory, type TenantDirectory } from './platform/tenancy/tenant-directory.js';

// The two pools a process has: the application role's (row-level security binds it) and the
// owning role's (jobs that span every tenant, the job lease registry).
export type ServiceDb = { db: Db; adminDb: Db };

export type ServiceLog = (error: Error, context: string) => void;

// What routes and jobs are given; each module declares the narrow part it uses.
export type Services = {
  config: Config;
  db: Db;
  adminDb: Db;
  // The job queue's sender; null in tests and tools, where runQueued/runWaiting/deliverQueued do the work.
  jobs: JobSender | null;
  // Pointed at the socket.io server once buildApp attached it (app.ts).
  realtime: DeferredPublisher;
  tenants: TenantDirectory;
  secretBox: SecretBox;
  mail: Mailer;
  files: FileStore;
  captcha: CaptchaGuard;
  threadEmails: ThreadEmails;
  integrations: IntegrationRunner;
  workflowExports: ExportRunner;
  reportSubscriptions: ReportSubscriptionRunner;
  scheduler: SchedulerRunner;
};

export type ServicesOptions = {
  log: ServiceLog;
  // Where live events go until an app's socket.io server takes them: a worker process's Redis
  // emitter; silent by default.
  realtime?: RealtimePublisher;
  // Tests pass a local verifier; production checks with hCaptcha.
  captchaVerifier?: CaptchaVerifierFactory;
};

// The composition root of a process's services, built once and shared by its routes and its job
// workers (main.ts: the API, with workers unless RUN_WORKERS is off; worker.ts: workers only).
// Every runner works on the application role's pool: requests and job workers run them alike, and
// each of their statements names its tenant inside withTenant, so row-level security binds them.
// What spans every tenant (sweeps, purges, leases) is given adminDb by the job registrations.
export function createServices(
  config: Config,
  pools: ServiceDb,
  jobs: JobSender | null,
  options: ServicesOptions,
): Services {
  const { db, adminDb } = pools;
  const { log } = options;
  const realtime = createDeferredPublisher(options.realtime);
  const secretBox = createSecretBox(config.SECRET_KEY);
  const mail = createMailer({ config, db, jobs, log });
  const files = createFileStore(config);
  const threadEmails = createThreadEmails({ config, db, mail, jobs, log });
  const workflowExports = createExportRunner({ db, files, jobs, log });
  return {
    config,
    db,
    adminDb,
    jobs,
    realtime,
    tenants: createTenantDirectory(db, config.TENANT_CACHE_TTL_MS),
    secretBox,
    mail,
    files,
    captcha: createCaptchaGuard({ db, secretBox, verifierFor: options.captchaVerifier ?? hcaptchaVerifier }),
    threadEmails,
    integrations: createIntegrationRunner({
      db,
      jobs,
      realtime,
      announceComment: (effects) => threadEmails.announce(effects, realtime),
      log,
    }),
    workflowExports,
    reportSubscriptions: createReportSubscriptionRunner({ config, db, mail, jobs, log }),
    // Scheduled exports (issue 19) make their workflow-list files with the export runner.
    scheduler: createSchedulerRunner({ db, files, mail, secretBox, jobs, workflowExports, log }),
  };
}
