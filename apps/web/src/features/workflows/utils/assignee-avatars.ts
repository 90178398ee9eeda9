import type { StepAssignee } from '@attest/shared';
import { distinctLetters, lettersOf } from '../../../lib/format/initials';

export { lettersOf };

// Spec 2 §9.2: the avatar stack shows 2 avatars plus a +N counter.
export const AVATAR_STACK_MAX = 2;

export type AvatarItem = { key: string; colorKey: string; letters: string; name: string; secondary: boolean };

// Groups are the secondary avatars (spec 2 §3.10 'secondary flag'): a team, not one person.
// Letters are made distinct among the avatars shown together (issue 14: two 'AA's).
export function assigneeAvatars(assignees: readonly StepAssignee[]): AvatarItem[] {
  const names = assignees.map((a) => a.name || a.email || '');
  const letters = distinctLetters(names.slice(0, AVATAR_STACK_MAX));
  return assignees.map((a, index) => ({
    key: String(a.id),
    colorKey: a.kind === 'group' ? `group-${a.group_id ?? a.id}` : String(a.user_id ?? a.email ?? a.id),
    letters: letters[index] ?? lettersOf(names[index] ?? ''),
    name: names[index] ?? '',
    secondary: a.kind === 'group',
  }));
}

export function splitAvatars<T>(items: readonly T[], max = AVATAR_STACK_MAX): { shown: T[]; more: number } {
  if (items.length <= max) return { shown: [...items], more: 0 };
  return { shown: items.slice(0, max), more: items.length - max };
}
