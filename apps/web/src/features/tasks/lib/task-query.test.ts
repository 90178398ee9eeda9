import { describe, expect, it } from 'vitest';
import { NO_TASK_FILTERS } from './task-filters';
import { offeredTabs, readTaskUrl, toListQuery, writeTaskUrl } from './task-query';

describe('task tabs and URL state', () => {
  it("offers 'all tasks' only when the counts give it a number", () => {
    expect(offeredTabs({ mine: 1, group: 2, delegated: 0, all: null })).toEqual([
      'mine',
      'group',
      'delegated',
    ]);
    expect(offeredTabs({ mine: 1, group: 2, delegated: 0, all: 40 })).toEqual([
      'mine',
      'group',
      'delegated',
      'all',
    ]);
    expect(offeredTabs({ mine: 1, group: null, delegated: null, all: null })).toEqual(['mine']);
    expect(offeredTabs(undefined)).toEqual(['mine']);
  });

  it('reads tab, view, sort and page from the URL, ignoring unknown values', () => {
    expect(readTaskUrl(new URLSearchParams('tab=group&view=swimlane&sort=-age&page=3'))).toEqual({
      tab: 'group',
      view: 'swimlane',
      sort: '-age',
      page: 3,
    });
    expect(readTaskUrl(new URLSearchParams('tab=boss&view=grid&sort=x&page=-1'))).toEqual({
      tab: 'mine',
      view: 'list',
      sort: 'due',
      page: 1,
    });
  });

  it('keeps defaults out of the URL and other parameters in it', () => {
    const next = writeTaskUrl(new URLSearchParams('tab=group&x=1'), { tab: 'mine', view: 'swimlane' });
    expect(next.toString()).toBe('x=1&view=swimlane');
  });

  it('asks the server for one page with the chosen filters', () => {
    const query = toListQuery({
      tab: 'all',
      sort: 'workflow',
      page: 3,
      filters: { ...NO_TASK_FILTERS, due: 'today' },
    });
    expect(query).toMatchObject({ tab: 'all', sort: 'workflow', limit: 50, offset: 100, due: 'today' });
    expect(query.kind_id).toBeUndefined();
  });
});
