import { STUDIO_ACTIONS } from '@attest/shared';
import type { ActivityFilters } from '../api/activity';

// The activity log's filters live in the URL (?app=&actor=&action=&from=&to=&page=), so a filtered
// view can be shared and the back button returns to it. Anything malformed is ignored, not an error.
const ID = /^[1-9][0-9]{0,15}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const id = (value: string | null) => (value !== null && ID.test(value) ? Number(value) : null);
const day = (value: string | null) =>
  value !== null && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;

export function readActivityFilters(params: URLSearchParams): ActivityFilters {
  const action = params.get('action');
  return {
    page: id(params.get('page')) ?? 1,
    appId: id(params.get('app')),
    actorId: id(params.get('actor')),
    action: action !== null && (STUDIO_ACTIONS as readonly string[]).includes(action) ? action : null,
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
}

// Changing a filter starts again on page 1.
export function writeActivityFilters(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.appId !== null) params.set('app', String(filters.appId));
  if (filters.actorId !== null) params.set('actor', String(filters.actorId));
  if (filters.action !== null) params.set('action', filters.action);
  if (filters.from !== null) params.set('from', filters.from);
  if (filters.to !== null) params.set('to', filters.to);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}
