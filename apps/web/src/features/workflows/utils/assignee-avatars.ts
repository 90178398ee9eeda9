import type { StepAssignee } from '@attest/shared';

// Spec 2 §9.2: the avatar stack shows 2 avatars plus a +N counter.
export const AVATAR_STACK_MAX = 2;

export type AvatarItem = { key: string; letters: string; name: string; secondary: boolean };

export function lettersOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

// Groups are the secondary avatars (spec 2 §3.10 'secondary flag'): a team, not one person.
export function assigneeAvatars(assignees: readonly StepAssignee[]): AvatarItem[] {
  return assignees.map((a) => ({
    key: String(a.id),
    letters: lettersOf(a.name || a.email || ''),
    name: a.name || a.email || '',
    secondary: a.kind === 'group',
  }));
}

export function splitAvatars<T>(items: readonly T[], max = AVATAR_STACK_MAX): { shown: T[]; more: number } {
  if (items.length <= max) return { shown: [...items], more: 0 };
  return { shown: items.slice(0, max), more: items.length - max };
}
