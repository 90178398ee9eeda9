import type { Config } from './config.js';
import { registerJobs } from './jobs.js';
import type { CaptchaVerifierFactory } from './platform/captcha/captcha-verifier.js';
import { type JobQueue, openJobQueue } from './platform/jobs/job-queue.js';
import type { RealtimePublisher } from './platform/realtime/realtime-publisher.js';
import { createServices, type ServiceDb, type ServiceLog, type Services } from './services.js';

export type OpenServicesOptions = {
  config: Config;
  adminUrl: string;
  pools: ServiceDb;
  log: ServiceLog;
  // The queue's own errors (pg-boss, the job lease registry); by default `log` with context 'jobs'.
  queueLog?: (error: Error) => void;
  realtime?: RealtimePublisher;
  captchaVerifier?: CaptchaVerifierFactory;
};

// A process's services and job queue, in the one order that works: the queue opens first (the
// services send to it), then the services are built once and every area registers its jobs on
// them; the caller then starts the queue (main.ts seeds the demo first), with or without workers.
export async function openServices(options: OpenServicesOptions): Promise<JobQueue & { services: Services }> {
  const { config, pools, log } = options;
  const jobs = await openJobQueue({
    config,
    adminUrl: options.adminUrl,
    adminDb: pools.adminDb,
    log: options.queueLog ?? ((error) => log(error, 'jobs')),
  });
  const services = createServices(config, pools, jobs.boss, {
    log,
    realtime: options.realtime,
    captchaVerifier: options.captchaVerifier,
  });
  registerJobs(jobs.registry, services);
  return { ...jobs, services };
}
