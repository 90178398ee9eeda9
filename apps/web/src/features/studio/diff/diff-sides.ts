import { STUDIO_DIFF_SIDE_PATTERN, type StudioAppDetail } from '@attest/shared';
import { isolate } from '../../../components/user-text';

// A side of a diff as the URL and the API name it: `savepoint:12` or `version:3`.
export function validSide(value: string | null): string | null {
  return value !== null && STUDIO_DIFF_SIDE_PATTERN.test(value) ? value : null;
}

export type SideOption = { value: string; label: string };
export type SideGroups = { versions: SideOption[]; savepoints: SideOption[] };

// The app's versions (newest first, with their stage) and savepoints (newest first, with their
// message and date, each isolated so an English message keeps its order in an Arabic page) as
// picker options.
export function sideOptions(
  detail: StudioAppDetail,
  stageLabel: (stage: string) => string,
  dateTime: (value: string) => string,
): SideGroups {
  const versions = [...detail.versions]
    .sort((a, b) => b.major - a.major || b.minor - a.minor)
    .map((v) => ({ value: `version:${v.id}`, label: `${v.major}.${v.minor} · ${stageLabel(v.stage)}` }));
  const savepoints = [...detail.savepoints]
    .sort((a, b) => b.id - a.id)
    .map((s) => ({
      value: `savepoint:${s.id}`,
      label: `${isolate(s.message)} · ${isolate(dateTime(s.created_at))}`,
    }));
  return { versions, savepoints };
}
