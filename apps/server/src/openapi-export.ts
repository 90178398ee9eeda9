import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig, REPO_ROOT } from './config.js';
import { createDb } from './db/database.js';
import { createServices } from './services.js';

export const OPENAPI_PATH = path.join(REPO_ROOT, 'docs/openapi.json');

// The OpenAPI document as the routes declare it. Building the app runs no query, so the database
// behind it is never contacted.
export async function renderOpenApi(): Promise<string> {
  const db = createDb({ connectionString: 'postgres://unused@127.0.0.1:1/unused', onPoolError: () => {} });
  const services = createServices(loadConfig({ LOG_LEVEL: 'silent' }), { db, adminDb: db }, null, {
    log: () => {},
  });
  const app = await buildApp({ services, logger: false });
  await app.ready();
  const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  await app.close();
  await db.destroy();
  return document;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  await writeFile(OPENAPI_PATH, await renderOpenApi());
  console.log(`Wrote ${path.relative(REPO_ROOT, OPENAPI_PATH)}`);
}
