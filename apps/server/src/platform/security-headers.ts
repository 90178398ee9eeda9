import type { FastifyInstance } from 'fastify';
import { webTelemetryOrigins } from './error-reporting/web-telemetry.js';

// hCaptcha's widget (sign-in with captcha on) loads its script and styles and calls its API.
const HCAPTCHA = 'https://hcaptcha.com https://*.hcaptcha.com';

// The policy of every HTML answer (issue 12, finding 8). Images only from us (brand files, uploaded
// logos and attachments) or generated in the page (data:, blob: for charts and QR codes), so no
// tenant text or answer can make a browser call another host; frames only over https (the reports
// embed, hCaptcha, iframe fields). Mantine sets inline styles, hence 'unsafe-inline' for styles only.
// connectOrigins: where the web app reports errors and sends analytics, when configured (issue 19;
// an http receiver inside a company network would be refused by https: alone).
export function htmlContentSecurityPolicy(connectOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${HCAPTCHA}`,
    `style-src 'self' 'unsafe-inline' ${HCAPTCHA}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // https: for the reports page's reachability probe of the embed (an opaque, credential-less GET
    // the frame makes anyway) and hCaptcha's API; scripts stay ours, so no injected text can call out.
    ["connect-src 'self' https:", ...connectOrigins].join(' '),
    'frame-src https:',
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

export const HTML_CONTENT_SECURITY_POLICY = htmlContentSecurityPolicy();

// Headers for the pages we answer (the web app and our plain status pages). API answers are JSON and
// attachments carry their own stricter policy.
export function registerHtmlSecurityHeaders(app: FastifyInstance): void {
  const policy = htmlContentSecurityPolicy(webTelemetryOrigins(app.config));
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return payload;
    reply
      .header('content-security-policy', policy)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin');
    return payload;
  });
}
