import { CLIENT_PATH_ERRORS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { apiUrl } from '../../../lib/api/api-url';
import { dynamicOptionPath } from './dynamic-option-path';

describe('dynamicOptionPath (spec 1 §7 generic GET for dynamic option lists)', () => {
  it.each([
    [
      'api/v2/dynamic_lov/workflow/7/intake__general__region/',
      'dynamic_lov/workflow/7/intake__general__region/',
    ],
    ['api/v1/regions/?limit=50', 'regions/?limit=50'],
    ['business-units/?region__in=3', 'business-units/?region__in=3'],
    ['api/v3/things/', 'api/v3/things/'],
  ])('%s is requested as %s', (configured, expected) => {
    expect(dynamicOptionPath(configured)).toBe(expected);
    // The client adds its own base, so the request stays on the tenant's API.
    expect(apiUrl(dynamicOptionPath(configured)).startsWith('/api/v1/')).toBe(true);
  });

  it.each([
    ['https://evil.example/list/', CLIENT_PATH_ERRORS.absolute],
    ['//evil.example/list/', CLIENT_PATH_ERRORS.absolute],
    ['javascript:alert(1)', CLIENT_PATH_ERRORS.absolute],
    ['/api/v1/regions/', CLIENT_PATH_ERRORS.leadingSlash],
    ['api/v1//evil.example/', CLIENT_PATH_ERRORS.leadingSlash],
    ['api/v2/../../admin/', CLIENT_PATH_ERRORS.dotSegment],
    ['', CLIENT_PATH_ERRORS.empty],
  ])('%s is refused', (configured, reason) => {
    expect(() => dynamicOptionPath(configured)).toThrow(reason);
  });
});

describe('apiUrl and the v2 endpoints of the contract', () => {
  it('requests /api/v2/ paths as they are, and everything else under /api/v1/', () => {
    expect(apiUrl('/api/v2/dynamic_lov/workflow/7/a__b__c/')).toBe('/api/v2/dynamic_lov/workflow/7/a__b__c/');
    expect(apiUrl('/api/v1/regions/', { limit: 5 })).toBe('/api/v1/regions/?limit=5');
    expect(apiUrl('regions/')).toBe('/api/v1/regions/');
  });
});
