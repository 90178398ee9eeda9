import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH, renderOpenApi } from './openapi-export.js';

describe('docs/openapi.json', () => {
  it('matches the routes (run `npm run openapi` after changing an endpoint)', async () => {
    const committed = await readFile(OPENAPI_PATH, 'utf8');
    expect(committed).toBe(await renderOpenApi());
  });
});
