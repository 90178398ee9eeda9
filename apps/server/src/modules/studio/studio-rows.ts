import {
  type StudioActivity,
  type StudioApp,
  type StudioBranchSummary,
  type StudioDeployment,
  StudioPublishedDefinitionSchema,
  type StudioReview,
  type StudioSavepointSummary,
  type StudioVersion,
  type StudioWorkingCopy,
  StudioWorkingCopySchema,
} from '@attest/shared';
import type { Selectable } from 'kysely';
import type {
  StudioActivityTable,
  StudioAppsTable,
  StudioBranchesTable,
  StudioDeploymentsTable,
  StudioReviewsTable,
  StudioSavepointsTable,
  StudioVersionsTable,
} from '../../db/schema.js';

// Database rows as the API's studio objects: ids as numbers, times as ISO text.
const id = (value: string) => Number(value);
const maybeId = (value: string | null) => (value === null ? null : Number(value));

export function toApp(row: Omit<Selectable<StudioAppsTable>, 'tenant_id'>): StudioApp {
  return {
    id: id(row.id),
    name: row.name,
    description: row.description,
    icon: row.icon,
    created_by: maybeId(row.created_by),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    archived_at: row.archived_at?.toISOString() ?? null,
  };
}

type BranchRow = Omit<Selectable<StudioBranchesTable>, 'tenant_id' | 'app_id' | 'package'>;
export function toBranchSummary(row: BranchRow): StudioBranchSummary {
  return {
    id: id(row.id),
    name: row.name,
    is_main: row.is_main,
    based_on_savepoint_id: maybeId(row.based_on_savepoint_id),
    revision: row.revision,
    created_by: maybeId(row.created_by),
    created_at: row.created_at.toISOString(),
    updated_by: maybeId(row.updated_by),
    updated_at: row.updated_at.toISOString(),
  };
}

// A stored package always passed StudioWorkingCopySchema on its way in.
export function toPackage(value: unknown): StudioWorkingCopy {
  return StudioWorkingCopySchema.parse(value);
}

type SavepointRow = Omit<Selectable<StudioSavepointsTable>, 'tenant_id' | 'app_id' | 'package'>;
export function toSavepointSummary(row: SavepointRow): StudioSavepointSummary {
  return {
    id: id(row.id),
    branch_id: id(row.branch_id),
    parent_savepoint_id: maybeId(row.parent_savepoint_id),
    message: row.message,
    created_by: maybeId(row.created_by),
    created_at: row.created_at.toISOString(),
  };
}

export function toReview(row: Omit<Selectable<StudioReviewsTable>, 'tenant_id'>): StudioReview {
  return {
    id: id(row.id),
    version_id: id(row.version_id),
    reviewer_id: maybeId(row.reviewer_id),
    decision: row.decision,
    comment: row.comment,
    created_at: row.created_at.toISOString(),
  };
}

export function toVersion(
  row: Omit<Selectable<StudioVersionsTable>, 'tenant_id'>,
  review: StudioReview | null,
): StudioVersion {
  return {
    id: id(row.id),
    savepoint_id: id(row.savepoint_id),
    major: row.major,
    minor: row.minor,
    stage: row.stage,
    is_frozen: row.is_frozen,
    is_locked: row.is_locked,
    review,
    created_by: maybeId(row.created_by),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toDeployment(
  row: Omit<Selectable<StudioDeploymentsTable>, 'tenant_id' | 'app_id'>,
): StudioDeployment {
  return {
    id: id(row.id),
    version_id: id(row.version_id),
    environment: row.environment,
    published: StudioPublishedDefinitionSchema.array().parse(row.published),
    deployed_by: maybeId(row.deployed_by),
    deployed_at: row.deployed_at.toISOString(),
  };
}

export function toActivity(row: Omit<Selectable<StudioActivityTable>, 'tenant_id'>): StudioActivity {
  return {
    id: id(row.id),
    app_id: id(row.app_id),
    branch_id: maybeId(row.branch_id),
    actor_user_id: maybeId(row.actor_user_id),
    action: row.action as StudioActivity['action'],
    details: row.details,
    created_at: row.created_at.toISOString(),
  };
}
