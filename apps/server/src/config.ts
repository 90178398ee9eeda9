import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { THREAD_EMAIL_DEFAULT_DELAY_SECONDS } from '@attest/shared';
import { z } from 'zod';

// The repository root, whether running from src/ (tsx) or dist/ (node): both sit two levels below it.
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

// A Sentry DSN: http(s)://<public key>@<host>[:port][/path]/<project id>. The SDK silently ignores
// any other, so a typo is refused at start instead.
const SentryDsn = z
  .url({ protocol: /^https?$/ })
  .regex(
    /^https?:\/\/\w+(:\w+)?@[\w.-]+(:\d+)?\/(.+\/)?\w+$/,
    'must be a Sentry DSN: https://<key>@<host>/<project>',
  );

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Unset: an embedded PostgreSQL is started under DATA_DIR/pg.
  DATABASE_URL: z.url().optional(),
  // The application's own role. Unset: derived from DATABASE_URL with the role below, created at start.
  DATABASE_APP_URL: z.url().optional(),
  APP_DB_ROLE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .default('attest_app'),
  APP_DB_PASSWORD: z.string().min(8).default('attest-app-local-only'),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  // A PostgreSQL streaming replica for read-only work (reports, exports, list counts). Its user and
  // password are replaced by the application role's (roles replicate). Unset: everything reads the primary.
  DATABASE_REPLICA_URL: z.url().optional(),
  // How far behind the primary the replica may be and still be read; past it, reads go to the primary.
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  // Uploaded files, on local disk. Unset: DATA_DIR/files.
  FILES_DIR: z.string().optional(),
  // Not 5432, so that a system PostgreSQL on this machine does not clash with the embedded one.
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(5488),
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  // Host names are <tenant>.<BASE_DOMAIN>; the bare domain (or an IP address) is DEFAULT_TENANT.
  BASE_DOMAIN: z.string().default('localhost'),
  DEFAULT_TENANT: z.string().default('acme'),
  SEED_DEMO: booleanFromEnv.default(true),
  RUN_WORKERS: booleanFromEnv.default(true),
  COOKIE_SECURE: booleanFromEnv.default(false),
  TRUST_PROXY: booleanFromEnv.default(false),
  // Encrypts stored secrets (TOTP seeds, SSO client secrets). Set a long random value in production;
  // changing it makes existing MFA enrolments and SSO secrets unreadable.
  SECRET_KEY: z.string().min(32).default('attest-local-development-secret-key-change-me'),
  // Links in e-mails point to <PUBLIC_URL_SCHEME>://<tenant>.<PUBLIC_HOST>; PUBLIC_HOST defaults to
  // BASE_DOMAIN:PORT.
  PUBLIC_URL_SCHEME: z.enum(['http', 'https']).default('http'),
  PUBLIC_HOST: z.string().optional(),
  // SMTP for outgoing e-mail (smtp://user:pass@host:port). Unset: e-mail is kept in the outbox and
  // shown in the development mailbox.
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Attest <no-reply@attest.localhost>'),
  // Redis (redis://host:port/db) for real-time fan-out: with it, every API process shares socket.io
  // rooms through the Redis adapter and worker-only processes publish through the Redis emitter.
  // Unset: one process, events stay in it.
  REDIS_URL: z.url().optional(),
  // The Redis channel prefix of those events; processes that share events share it.
  REALTIME_REDIS_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/)
    .default('attest.socket.io'),
  // How long a tenant's row and maintenance flag are cached in each API process.
  TENANT_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  // How long a live session (its user, permissions and the tenant's session rules) is cached in each
  // API process. A change made through this process forgets it at once; other processes keep serving
  // it for at most this long (platform/auth/session-cache.ts). 0 turns the cache off.
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  // How long comment e-mails to one person wait, so comments within it go out as one e-mail.
  THREAD_EMAIL_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(86_400)
    .default(THREAD_EMAIL_DEFAULT_DELAY_SECONDS),
  // A running job's worker renews its lease this often; a lease not renewed for JOB_LEASE_SECONDS
  // means the worker died, and its job is handed back to run again (platform/jobs/lease-sweeper.ts).
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(45),
  // Connections of the application role's pool, per process (docs/operations.md, "Overload").
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(1000).default(20),
  // Requests run at once in the cheap and expensive admission lanes (platform/admission). Unset:
  // sized from DATABASE_POOL_MAX (a quarter for expensive work, the rest less a reserve for jobs).
  ADMISSION_CHEAP_CONCURRENCY: z.coerce.number().int().min(1).max(1000).optional(),
  ADMISSION_EXPENSIVE_CONCURRENCY: z.coerce.number().int().min(1).max(1000).optional(),
  // Requests that may wait for a turn in each lane, and for how long, before a 503 with Retry-After.
  ADMISSION_QUEUE_LENGTH: z.coerce.number().int().min(0).max(100_000).default(200),
  ADMISSION_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(10_000),
  // Error reporting (docs/operations.md, "Error reporting and analytics"). Unset: nothing is sent.
  // The server's Sentry DSN; the web app's is SENTRY_BROWSER_DSN, else this one (a DSN only lets one
  // send events, so it may be public).
  SENTRY_DSN: SentryDsn.optional(),
  SENTRY_BROWSER_DSN: SentryDsn.optional(),
  // Unset: NODE_ENV, and attest@<version of the server package>.
  SENTRY_ENVIRONMENT: z.string().max(64).optional(),
  SENTRY_RELEASE: z.string().max(200).optional(),
  // Product analytics (spec 2 §9.4): up to five http(s) addresses, comma-separated, that each receive
  // the web app's event batches as a POST of JSON. Unset: no event leaves the browser.
  ANALYTICS_URLS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ })).max(5)),
});

export type Config = Omit<z.infer<typeof ConfigSchema>, 'FILES_DIR'> & { FILES_DIR: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.refine((c) => c.JOB_LEASE_SECONDS >= 2 * c.JOB_HEARTBEAT_SECONDS, {
    // A lease must survive one missed heartbeat (a slow query, a pause), or live workers lose jobs.
    path: ['JOB_LEASE_SECONDS'],
    message: 'must be at least twice JOB_HEARTBEAT_SECONDS',
  }).safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return { ...parsed.data, FILES_DIR: parsed.data.FILES_DIR ?? path.join(parsed.data.DATA_DIR, 'files') };
}
