import type { BadgeListParams } from './badge-definitions';

// TanStack Query keys of the badges area; every change invalidates `all` (the definitions and the
// workflows' chips both follow a rule change).
export const badgeKeys = {
  all: ['badges'] as const,
  lists: () => [...badgeKeys.all, 'list'] as const,
  list: (params: BadgeListParams) => [...badgeKeys.lists(), params] as const,
  workflow: (workflowId: number) => [...badgeKeys.all, 'workflow', workflowId] as const,
  choices: () => [...badgeKeys.all, 'choices'] as const,
};
