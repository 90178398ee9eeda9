// The requests the task inbox, the header's count and the search page make (issue 16; the tasks
// contract's TASKS_PATHS and GET /api/v1/search/), as the bench user: Administrators (so the 'all'
// tab is offered), member of Compliance (group tasks), direct assignments and a colleague's
// delegation from seed/bench-tasks.ts.

export type TasksCase = { name: string; path: string };

// Words taken from the seed's data rather than added to it (seed/bench-clone.ts): 'logistics' is one
// of ten sectors in every clone's name (about 1 name in 10) and a category answer; 'harborlink' is one
// prefix-and-noun stem of 1,200 (about 1 workflow in 1,200: name, website and contact e-mail), the
// dashboard bench's rare word. BENCH_SEARCH_COMMON / BENCH_SEARCH_RARE to try others.
export const SEARCH_WORDS = {
  common: process.env.BENCH_SEARCH_COMMON ?? 'logistics',
  rare: process.env.BENCH_SEARCH_RARE ?? 'harborlink',
};

const tasks = (params: Record<string, string>) => `/api/v1/tasks/?${new URLSearchParams(params)}`;
const search = (q: string) => `/api/v1/search/?${new URLSearchParams({ q })}`;

export function tasksCases(): TasksCase[] {
  return [
    // The inbox's first page: default sort (due date), default page size, with its count.
    { name: 'my tasks (tab=mine)', path: tasks({ tab: 'mine' }) },
    { name: 'group tasks (tab=group, Compliance)', path: tasks({ tab: 'group' }) },
    { name: 'delegated tasks (tab=delegated)', path: tasks({ tab: 'delegated' }) },
    { name: 'all tasks (tab=all)', path: tasks({ tab: 'all' }) },
    // The header badge and the tab labels.
    { name: 'task counts', path: '/api/v1/tasks/counts/' },
    { name: `search, common word ('${SEARCH_WORDS.common}')`, path: search(SEARCH_WORDS.common) },
    { name: `search, rare word ('${SEARCH_WORDS.rare}')`, path: search(SEARCH_WORDS.rare) },
  ];
}

// What a 200 holds, in a line: a page's count and rows, the counts object, or for a grouped answer
// each group's rows. `empty` when nothing came back, which the smoke run must not see.
export function describeBody(body: unknown): { text: string; empty: boolean } {
  if (body === null || typeof body !== 'object') return { text: String(body), empty: true };
  const o = body as Record<string, unknown>;
  if (Array.isArray(o.results)) {
    const count = typeof o.count === 'number' ? `count ${o.count}, ` : '';
    return { text: `${count}${o.results.length} rows on the page`, empty: o.results.length === 0 };
  }
  if (Array.isArray(o.groups)) {
    // Search: matches grouped by kind, the total capped at SEARCH_COUNT_CAP.
    const groups = o.groups as { kind?: { tag?: string }; count?: number; results?: unknown[] }[];
    const rows = groups.reduce((sum, g) => sum + (g.results?.length ?? 0), 0);
    const each = groups.map((g) => `${g.kind?.tag}: count ${g.count}, ${g.results?.length ?? 0} rows`);
    return { text: `total ${o.total}${o.capped ? ' (capped)' : ''}; ${each.join('; ')}`, empty: rows === 0 };
  }
  const parts: string[] = [];
  let rows = 0;
  for (const [key, value] of Object.entries(o)) {
    if (typeof value === 'number' || value === null) {
      parts.push(`${key} ${value}`);
      rows += value ?? 0;
    } else if (Array.isArray(value)) {
      parts.push(`${key} ${value.length} rows`);
      rows += value.length;
    } else if (value && typeof value === 'object') {
      const inner = describeBody(value);
      parts.push(`${key}: ${inner.text}`);
      if (!inner.empty) rows += 1;
    }
  }
  return { text: parts.join(', ') || JSON.stringify(body).slice(0, 200), empty: rows === 0 };
}
