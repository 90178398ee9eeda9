import { randomUUID } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER } from '@attest/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDb, type Db } from '../db/database.js';
import { type CreatedTenant, createTenant, type TenantSeed } from '../db/seed/create-tenant.js';
import { createServices, type Services } from '../services.js';
import { localCaptchaVerifier } from './local-captcha.js';

export const TEST_PASSWORD = 'correct-horse-battery-staple';

// `services` are the app's: tests without a job queue call services.mail.deliverQueued() and the like.
export type TestApp = { app: FastifyInstance; db: Db; adminDb: Db; services: Services };

// An API instance on the shared test database, closed after the file's tests.
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    TENANT_CACHE_TTL_MS: '0',
    SESSION_CACHE_TTL_MS: '0',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const adminDb = createDb({ connectionString: inject('adminUrl'), max: 2, onPoolError: () => {} });
  const db = createDb({ connectionString: inject('appUrl'), max: 5, onPoolError: () => {} });
  const services = createServices(config, { db, adminDb }, null, {
    log: () => {},
    captchaVerifier: localCaptchaVerifier,
  });
  const app = await buildApp({ services, logger: false });
  afterAll(async () => {
    await app.close();
    await db.destroy();
    await adminDb.destroy();
  });
  return { app, db, adminDb, services };
}

// A fresh tenant with a unique slug, an all-permissions admin, a plain member and a supplier.
export async function createTestTenant(
  adminDb: Db,
  overrides: Partial<TenantSeed> = {},
): Promise<CreatedTenant & { slug: string }> {
  const slug = `t-${randomUUID().slice(0, 12)}`;
  const seed: TenantSeed = {
    slug,
    name: `Tenant ${slug}`,
    groups: [
      {
        name: 'Admins',
        permissions: ['can_view_dashboard', 'can_export_workflow_data', 'can_view_process_report'],
      },
      { name: 'Members', permissions: ['can_view_dashboard'] },
    ],
    users: [
      {
        email: `admin@${slug}.test`,
        password: TEST_PASSWORD,
        first_name: 'Ada',
        last_name: 'Admin',
        groups: ['Admins'],
      },
      {
        email: `member@${slug}.test`,
        password: TEST_PASSWORD,
        first_name: 'Max',
        last_name: 'Member',
        groups: ['Members'],
      },
      {
        email: `supplier@${slug}.test`,
        password: TEST_PASSWORD,
        first_name: 'Sue',
        last_name: 'Supplier',
        kind: 2,
        groups: [],
      },
    ],
    ...overrides,
  };
  return { ...(await createTenant(adminDb, seed)), slug };
}

// A browser-like client for one host: it keeps cookies and echoes the CSRF cookie on writes.
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly host: string,
  ) {}

  static forTenant(app: FastifyInstance, slug: string): TestClient {
    return new TestClient(app, `${slug}.localhost`);
  }

  async request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const { csrf = true, ...rest } = options;
    const headers: Record<string, string> = { host: this.host, ...(rest.headers as Record<string, string>) };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const token = this.cookies.get(CSRF_COOKIE);
    if (csrf && token && rest.method && rest.method !== 'GET') headers[CSRF_HEADER] = token;
    const response = await this.app.inject({ ...rest, headers });
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now())) {
        this.cookies.delete(cookie.name);
      } else {
        this.cookies.set(cookie.name, cookie.value);
      }
    }
    return response;
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'GET', url, headers });
  }

  post(url: string, payload: object, options: { csrf?: boolean; headers?: Record<string, string> } = {}) {
    return this.request({ method: 'POST', url, payload, ...options });
  }

  // Fetches the configuration first, as the web app does, to receive the pre-session CSRF cookie.
  async signIn(email: string, password = TEST_PASSWORD): Promise<LightMyRequestResponse> {
    await this.get('/api/v1/customers/configuration/');
    return this.post('/api/v1/users/login/', { email, password });
  }
}
