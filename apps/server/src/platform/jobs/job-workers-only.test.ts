import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REGISTRY = path.join('platform', 'jobs', 'job-workers.ts');

// Issue 12, finding 4: a job whose worker died is handed back within a minute only if its worker
// holds a lease, so every queue's worker must be registered through job-workers.ts. A pg-boss
// work() call anywhere else would make a queue without that guarantee.
describe('job workers', () => {
  it('are started only through the lease registry (platform/jobs/job-workers.ts)', async () => {
    const entries = await readdir(SERVER_SRC, { recursive: true });
    const sources = entries.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== REGISTRY);
    const offenders: string[] = [];
    for (const file of sources) {
      const text = await readFile(path.join(SERVER_SRC, file), 'utf8');
      if (/\.work\s*(<[^>]*>)?\s*\(/.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
    expect(sources.length).toBeGreaterThan(50);
  });
});
