import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ERROR_CODES, SERVER_MESSAGES } from '@attest/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { webTelemetrySettings, withTelemetryMeta } from './error-reporting/web-telemetry.js';
import { AppError } from './errors.js';
import { registerHtmlSecurityHeaders } from './security-headers.js';
import { resolveTenant } from './tenancy/tenancy-hook.js';

// Spec 2 §2.2 names /api/v1/attachment/ as a page of the web app (the attachment view). No API route
// lives there, so a browser opening it gets the app while an API client still gets JSON.
const WEB_ROUTES_UNDER_API = /^\/api\/v1\/attachment(?:[/?#]|$)/;

const IMMUTABLE = 'public, max-age=31536000, immutable';

function wantsWebApp(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  if (!request.url.startsWith('/api/')) return true;
  return WEB_ROUTES_UNDER_API.test(request.url) && (request.headers.accept ?? '').includes('text/html');
}

// Serves the built web app: its files as they are, and index.html for every client-side route,
// but only on a known tenant's host.
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  registerHtmlSecurityHeaders(app);
  const root = app.config.WEB_DIST_DIR;
  const indexPath = path.join(root, 'index.html');
  const hasBuild = existsSync(indexPath);
  const readIndex = () => readFile(indexPath, 'utf8');
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each text file (apps/web/build/precompress.ts): sent as
      // they are to a browser that accepts them.
      preCompressed: true,
      // Cache-Control is set per file below.
      cacheControl: false,
      setHeaders: (response, filePath) => {
        // Files under assets/ carry their content's hash in their name: a new build gives new names,
        // so a browser may keep these for a year. Other files (favicon, ...) for an hour.
        const hashed = path.relative(root, filePath).startsWith(`assets${path.sep}`);
        response.setHeader('cache-control', hashed ? IMMUTABLE : 'public, max-age=3600');
        // The same URL answers br, gzip or plain bytes: a shared cache must key on the encoding.
        response.setHeader('vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (!wantsWebApp(request)) {
      return reply.status(404).send({ detail: SERVER_MESSAGES.notFound, code: ERROR_CODES.notFound });
    }
    let tenant: string;
    try {
      // Kept on the request as the API's tenancy hook does: a failure below is reported with its tenant.
      request.tenant = (await resolveTenant(request)).tenant;
      tenant = request.tenant.slug;
    } catch (error) {
      if (error instanceof AppError)
        return reply.status(error.statusCode).type('text/html').send(plainPage(error.message));
      throw error;
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/html')
        .send(plainPage('The web app is not built. Run `npm run build`.'));
    }
    // index.html is tiny and must never be cached: it names the current hashed bundles.
    return reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .send(withTelemetryMeta(await readIndex(), webTelemetrySettings(app.config, tenant)));
  });
}

function plainPage(message: string): string {
  const escaped = message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Attest</title></head><body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;color:#1f2937"><main><h1 style="font-size:1.25rem">${escaped}</h1></main></body></html>`;
}
