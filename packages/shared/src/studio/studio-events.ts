import { STUDIO_MESSAGES } from './api.js';

// Spec 1 §4: the studio's real-time event groups, published on the user channels of the people who
// should hear them (the app's designers, or the acting person alone for a refusal) after the change
// commits. Each event's `type` is one of these, its `group` the spec's group, its `outcome` decides
// the level (started = info, completed = success, failed = error). docs/studio.md "Live events".
export const STUDIO_EVENT_GROUPS = {
  'studio.package_versioning': 'package_versioning',
  'studio.config_validation': 'studio_config_validation',
  'studio.config_deployment': 'config_deployment',
  'studio.deployment_status': 'deployment_status',
  'studio.branch_work': 'branch_work',
} as const;
export type StudioEventType = keyof typeof STUDIO_EVENT_GROUPS;
export const STUDIO_EVENT_TYPES = Object.keys(STUDIO_EVENT_GROUPS) as StudioEventType[];

// What a studio event's data says it was about (data.action).
export const STUDIO_EVENT_ACTIONS = [
  'version_created',
  'stage_changed',
  'reviewed',
  'working_copy_saved',
  'deployed',
  'branch_merged',
  'processes_published',
  'started',
  'stopped',
] as const;
export type StudioEventAction = (typeof STUDIO_EVENT_ACTIONS)[number];

// Spec 1 §4's package-versioning failure reasons (data.reason of a failed package_versioning event),
// each with the 400 message that begins with it; and the other refusals the events name.
export const STUDIO_FAILURE_REASONS = {
  maximum_minor_version_reached: STUDIO_MESSAGES.maximumMinorVersionReached,
  minor_version_creation_failed: STUDIO_MESSAGES.minorVersionCreationFailed,
  not_frozen_version: STUDIO_MESSAGES.notFrozenVersion,
  parsing_to_json_failed: STUDIO_MESSAGES.parsingToJsonFailed,
  version_cannot_be_locked: STUDIO_MESSAGES.versionCannotBeLocked,
} as const;
export type StudioFailureReason = keyof typeof STUDIO_FAILURE_REASONS;

// A 400 message as its failure reason, or null for any other refusal.
export function studioFailureReason(message: string): StudioFailureReason | null {
  for (const [reason, text] of Object.entries(STUDIO_FAILURE_REASONS)) {
    if (text === message) return reason as StudioFailureReason;
  }
  return null;
}
