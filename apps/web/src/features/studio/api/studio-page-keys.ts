import type { ActivityFilters } from './activity';
import { studioKeys } from './studio-keys';

// The activity log's and the filter's keys, under the studio area's factory (studio-keys.ts).
export const studioPageKeys = {
  activity: (filters: ActivityFilters) => [...studioKeys.all, 'activity', filters] as const,
  appChoices: (q: string) => [...studioKeys.apps(), 'choices', q] as const,
  settings: (appId: number) => [...studioKeys.app(appId), 'settings'] as const,
  people: () => [...studioKeys.all, 'people'] as const,
  groups: (q: string) => [...studioKeys.all, 'groups', q] as const,
};
