import type {
  MergeBranchResponse,
  StudioAppDetail,
  StudioAppListItem,
  StudioBranchSummary,
  StudioVersion,
} from '@attest/shared';

// Shapes of the studio API for the app pages' tests.
const at = '2026-11-20T10:00:00.000Z';

export function makeListItem(overrides: Partial<StudioAppListItem> = {}): StudioAppListItem {
  return {
    id: 7,
    name: 'Third-party risk',
    description: 'Vendor onboarding and reviews',
    icon: '🛡️',
    created_by: 1,
    created_at: at,
    updated_at: at,
    archived_at: null,
    latest_version: { id: 3, major: 1, minor: 0, stage: 'deployed' },
    environments: ['PRODUCTION'],
    branch_count: 1,
    ...overrides,
  };
}

export function makeBranch(overrides: Partial<StudioBranchSummary> = {}): StudioBranchSummary {
  return {
    id: 11,
    name: 'main',
    is_main: true,
    based_on_savepoint_id: null,
    revision: 4,
    created_by: 1,
    created_at: at,
    updated_by: 1,
    updated_at: at,
    ...overrides,
  };
}

export function makeVersion(overrides: Partial<StudioVersion> = {}): StudioVersion {
  return {
    id: 3,
    savepoint_id: 21,
    major: 1,
    minor: 0,
    stage: 'rft',
    is_frozen: true,
    is_locked: false,
    review: null,
    created_by: 1,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<StudioAppDetail> = {}): StudioAppDetail {
  const { latest_version: _v, environments: _e, branch_count: _b, ...app } = makeListItem();
  return {
    app,
    branches: [
      makeBranch(),
      makeBranch({ id: 12, name: 'feature', is_main: false, based_on_savepoint_id: 21 }),
    ],
    savepoints: [
      {
        id: 21,
        branch_id: 11,
        parent_savepoint_id: null,
        message: 'First cut',
        created_by: 1,
        created_at: at,
      },
    ],
    versions: [makeVersion()],
    deployments: [],
    ...overrides,
  };
}

export const PERMISSIONS_PATH = '/api/v1/users/permissions/';

export function permissions(...codenames: string[]) {
  return { body: { objects: Object.fromEntries(codenames.map((c) => [c, true])) } };
}

export function mergeAnswer(overrides: Partial<MergeBranchResponse> = {}): MergeBranchResponse {
  return {
    merged: false,
    conflicts: [],
    main: { ...makeBranch({ revision: 5 }), package: { processes: [] } },
    ...overrides,
  };
}
