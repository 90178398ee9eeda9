import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../constants.js';
import { type ConditionGroup, ConditionGroupSchema } from '../filters/condition-group.js';
import { parseFilterDate } from '../filters/date-stamps.js';
import { text } from '../validators/input-limits.js';

// The whole workflow-list state (spec 1 §4, §7; spec 2 §3.6), in the URL of the dashboard so a view
// can be bookmarked, and the query string of GET workflows/. encodeListQuery and decodeListQuery are
// the one pair both the web page and the server's query parser use.
export const DATE_FILTER_TYPES = ['created_at', 'updated_at', 'completed'] as const;
export type DateFilterType = (typeof DATE_FILTER_TYPES)[number];

// Orderings by a workflow column, or by an answer: field__<field_tag>; '-' descends.
export const LIST_ORDERINGS = ['name', 'created_at', 'updated_at', 'status', 'progress', 'id'] as const;
export type ListOrderingColumn = (typeof LIST_ORDERINGS)[number];
export const DEFAULT_LIST_ORDERING = '-created_at';
const ORDERING_PATTERN = /^-?(?:name|created_at|updated_at|status|progress|id|field__[a-z0-9_]{1,200})$/;

// Issue 15: which environment's workflows a list holds. PRODUCTION (the default) is everyone's
// workflows; a test environment lists its test workflows only; ALL lists both. Anything but
// PRODUCTION is for people with can_access_studio (the server answers 403 otherwise).
export const LIST_ENVIRONMENTS = ['PRODUCTION', 'DEVELOPMENT', 'QA', 'STAGING', 'UAT', 'ALL'] as const;
export type ListEnvironment = (typeof LIST_ENVIRONMENTS)[number];
export const DEFAULT_LIST_ENVIRONMENT: ListEnvironment = 'PRODUCTION';

export const MAX_LIST_IDS = 100;
export const MAX_SEARCH_LENGTH = 200;
export const MAX_ANSWER_FILTERS = 10;
export const MAX_ADVANCED_FILTERS_LENGTH = 20_000;

export type AnswerFilter = { field_tag: string; value: string };
export type JsonAnswerValue = string | number | boolean | (string | number)[];

export type WorkflowListState = {
  q?: string;
  status__in: number[];
  region__in: number[];
  business_unit__in: number[];
  kind_id?: number;
  kind_id__in: number[];
  // Adds the kinds the chosen kinds' child_workflow fields start, and their children (spec 2 §3.6
  // children_kind_ids, grandchildren_kind_ids).
  include_kind_children: boolean;
  // My tasks: 'me' is an open step assigned to me or to one of my groups; a group id, to that group.
  filter_by_group?: 'me' | number;
  answer: AnswerFilter[];
  json_answer?: Record<string, JsonAnswerValue>;
  date_filter_type: DateFilterType;
  created_range_after?: string;
  created_range_before?: string;
  ordering: string;
  page: number;
  advanced_filters?: ConditionGroup;
  archived: boolean;
  environment: ListEnvironment;
};

export function defaultListState(): WorkflowListState {
  return {
    status__in: [],
    region__in: [],
    business_unit__in: [],
    kind_id__in: [],
    include_kind_children: false,
    answer: [],
    date_filter_type: 'created_at',
    ordering: DEFAULT_LIST_ORDERING,
    page: 1,
    archived: false,
    environment: DEFAULT_LIST_ENVIRONMENT,
  };
}

// The query string GET workflows/ accepts: plain bounded strings, decoded by decodeListQuery so the
// server answers a bad one with 400 and the parameter's name.
const boundedText = (max: number) => text().max(max).optional();
export const WorkflowListQuerySchema = z.object({
  q: boundedText(MAX_SEARCH_LENGTH),
  status__in: boundedText(2000),
  region__in: boundedText(2000),
  business_unit__in: boundedText(2000),
  kind_id: boundedText(20),
  kind_id__in: boundedText(2000),
  include_kind_children: boundedText(5),
  filter_by_group: boundedText(20),
  answer: z.union([text().max(1200), z.array(text().max(1200)).max(MAX_ANSWER_FILTERS)]).optional(),
  json_answer: boundedText(MAX_ADVANCED_FILTERS_LENGTH),
  date_filter_type: boundedText(20),
  created_range_after: boundedText(40),
  created_range_before: boundedText(40),
  ordering: boundedText(220),
  page: boundedText(10),
  limit: boundedText(10),
  offset: boundedText(10),
  advanced_filters: boundedText(MAX_ADVANCED_FILTERS_LENGTH),
  archived: boundedText(5),
  environment: boundedText(20),
});
export type WorkflowListQuery = z.infer<typeof WorkflowListQuerySchema>;

export type ListQueryProblem = { param: keyof WorkflowListQuery; key: string; detail?: string };
export type DecodedListQuery =
  | { ok: true; state: WorkflowListState; limit: number; offset: number }
  | { ok: false; problem: ListQueryProblem };

class ParamError extends Error {
  constructor(
    readonly param: keyof WorkflowListQuery,
    readonly key: string,
    readonly detail?: string,
  ) {
    super(key);
  }
}

function ids(param: keyof WorkflowListQuery, raw: string | undefined): number[] {
  if (raw === undefined || raw.trim() === '') return [];
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length > MAX_LIST_IDS) throw new ParamError(param, 'tooManyValues');
  return parts.map((part) => {
    if (!/^\d{1,15}$/.test(part)) throw new ParamError(param, 'invalidId');
    return Number(part);
  });
}

function id(param: keyof WorkflowListQuery, raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^\d{1,15}$/.test(raw.trim())) throw new ParamError(param, 'invalidId');
  return Number(raw.trim());
}

function flag(param: keyof WorkflowListQuery, raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new ParamError(param, 'invalidFlag');
}

function positive(param: keyof WorkflowListQuery, raw: string | undefined, min: number, max: number) {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) throw new ParamError(param, 'invalidNumber');
  return value;
}

function json(param: keyof WorkflowListQuery, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new ParamError(param, 'invalidJson');
  }
}

const JsonAnswerSchema = z
  .record(
    text().regex(/^[a-z0-9_]{1,200}$/),
    z.union([
      text().max(1000),
      z.number(),
      z.boolean(),
      z
        .array(z.union([text().max(1000), z.number()]))
        .min(1)
        .max(MAX_LIST_IDS),
    ]),
  )
  .refine((map) => Object.keys(map).length <= MAX_ANSWER_FILTERS, 'Too many answers.');

function answers(raw: WorkflowListQuery['answer']): AnswerFilter[] {
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list
    .filter((item) => item !== '')
    .map((item) => {
      // answer=<field_tag>:<value>; the value may itself hold colons.
      const at = item.indexOf(':');
      const fieldTag = at > 0 ? item.slice(0, at) : '';
      if (!/^[a-z0-9_]{1,200}$/.test(fieldTag)) throw new ParamError('answer', 'invalidAnswer');
      return { field_tag: fieldTag, value: item.slice(at + 1) };
    });
}

function rangeDate(param: keyof WorkflowListQuery, raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!parseFilterDate(raw)) throw new ParamError(param, 'invalidDate');
  return raw.trim();
}

// A page-based request (page=3) or an offset one (limit, offset: what next and previous carry).
export function decodeListQuery(query: WorkflowListQuery): DecodedListQuery {
  try {
    const state = defaultListState();
    const q = query.q?.trim();
    if (q) state.q = q;
    state.status__in = ids('status__in', query.status__in);
    state.region__in = ids('region__in', query.region__in);
    state.business_unit__in = ids('business_unit__in', query.business_unit__in);
    const kindId = id('kind_id', query.kind_id);
    if (kindId !== undefined) state.kind_id = kindId;
    state.kind_id__in = ids('kind_id__in', query.kind_id__in);
    state.include_kind_children = flag('include_kind_children', query.include_kind_children);
    if (query.filter_by_group !== undefined && query.filter_by_group !== '') {
      state.filter_by_group =
        query.filter_by_group === 'me' ? 'me' : id('filter_by_group', query.filter_by_group);
    }
    state.answer = answers(query.answer);
    if (query.json_answer) {
      const parsed = JsonAnswerSchema.safeParse(json('json_answer', query.json_answer));
      if (!parsed.success) throw new ParamError('json_answer', 'invalidAnswer');
      state.json_answer = parsed.data;
    }
    if (query.date_filter_type) {
      if (!(DATE_FILTER_TYPES as readonly string[]).includes(query.date_filter_type)) {
        throw new ParamError('date_filter_type', 'invalidChoice');
      }
      state.date_filter_type = query.date_filter_type as DateFilterType;
    }
    const after = rangeDate('created_range_after', query.created_range_after);
    if (after) state.created_range_after = after;
    const before = rangeDate('created_range_before', query.created_range_before);
    if (before) state.created_range_before = before;
    if (query.ordering) {
      if (!ORDERING_PATTERN.test(query.ordering)) throw new ParamError('ordering', 'invalidOrdering');
      state.ordering = query.ordering;
    }
    state.archived = flag('archived', query.archived);
    if (query.environment) {
      if (!(LIST_ENVIRONMENTS as readonly string[]).includes(query.environment)) {
        throw new ParamError('environment', 'invalidChoice');
      }
      state.environment = query.environment as ListEnvironment;
    }
    if (query.advanced_filters) {
      const parsed = ConditionGroupSchema.safeParse(json('advanced_filters', query.advanced_filters));
      if (!parsed.success) {
        throw new ParamError('advanced_filters', 'invalidFilterShape', parsed.error.issues[0]?.message);
      }
      state.advanced_filters = parsed.data;
    }
    const page = positive('page', query.page, 1, 500_000) ?? 1;
    state.page = page;
    const limit = positive('limit', query.limit, 1, MAX_PAGE_SIZE) ?? PAGE_SIZE;
    const offset = positive('offset', query.offset, 0, 10_000_000) ?? (page - 1) * limit;
    if (query.offset !== undefined && query.offset !== '') state.page = Math.floor(offset / limit) + 1;
    return { ok: true, state, limit, offset };
  } catch (error) {
    if (error instanceof ParamError) {
      return {
        ok: false,
        problem:
          error.detail === undefined
            ? { param: error.param, key: error.key }
            : { param: error.param, key: error.key, detail: error.detail },
      };
    }
    throw error;
  }
}

// The query string of a list state, leaving out defaults so URLs stay short and stable.
export function encodeListQuery(state: Partial<WorkflowListState>): URLSearchParams {
  const params = new URLSearchParams();
  const defaults = defaultListState();
  if (state.q) params.set('q', state.q);
  for (const key of ['status__in', 'region__in', 'business_unit__in', 'kind_id__in'] as const) {
    const values = state[key];
    if (values && values.length > 0) params.set(key, values.join(','));
  }
  if (state.kind_id !== undefined) params.set('kind_id', String(state.kind_id));
  if (state.include_kind_children) params.set('include_kind_children', 'true');
  if (state.filter_by_group !== undefined) params.set('filter_by_group', String(state.filter_by_group));
  for (const answer of state.answer ?? []) params.append('answer', `${answer.field_tag}:${answer.value}`);
  if (state.json_answer && Object.keys(state.json_answer).length > 0) {
    params.set('json_answer', JSON.stringify(state.json_answer));
  }
  if (state.date_filter_type && state.date_filter_type !== defaults.date_filter_type) {
    params.set('date_filter_type', state.date_filter_type);
  }
  if (state.created_range_after) params.set('created_range_after', state.created_range_after);
  if (state.created_range_before) params.set('created_range_before', state.created_range_before);
  if (state.ordering && state.ordering !== defaults.ordering) params.set('ordering', state.ordering);
  if (
    state.advanced_filters &&
    (state.advanced_filters.conditions.length > 0 || state.advanced_filters.groups.length > 0)
  ) {
    params.set('advanced_filters', JSON.stringify(state.advanced_filters));
  }
  if (state.archived) params.set('archived', 'true');
  if (state.environment && state.environment !== defaults.environment) {
    params.set('environment', state.environment);
  }
  if (state.page && state.page > 1) params.set('page', String(state.page));
  return params;
}

// URLSearchParams (the browser's location) as the query object decodeListQuery reads.
export function listQueryFromSearch(search: URLSearchParams): WorkflowListQuery {
  const query: Record<string, string | string[]> = {};
  for (const key of Object.keys(WorkflowListQuerySchema.shape)) {
    const values = search.getAll(key);
    if (values.length === 0) continue;
    query[key] = key === 'answer' ? values : (values[0] as string);
  }
  return query as WorkflowListQuery;
}
