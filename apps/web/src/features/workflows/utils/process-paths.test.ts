import { describe, expect, it } from 'vitest';
import { workflowPath } from './process-paths';

describe('workflowPath (spec 1 §2: keep the path shape, new=true for a fresh workflow)', () => {
  it.each([
    ['/workflows/instances', '/process/9?new=true'],
    ['/process/7', '/process/9?new=true'],
    ['/process/7/without-header', '/process/9/without-header?new=true'],
    ['/process/7/map', '/process/9/map?new=true'],
  ])('from %s', (from, to) => {
    expect(workflowPath(9, from, true)).toBe(to);
  });

  it('adds nothing for a workflow that is not new', () => {
    expect(workflowPath(9, '/process/7/wizard/')).toBe('/process/9/wizard/');
  });
});
