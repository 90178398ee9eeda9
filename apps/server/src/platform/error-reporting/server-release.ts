import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../config.js';

// attest@<the server package's version>: what SENTRY_RELEASE defaults to, here and in the web app.
export function serverRelease(): string {
  const file = path.join(REPO_ROOT, 'apps/server/package.json');
  const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version: string };
  return `attest@${version}`;
}
