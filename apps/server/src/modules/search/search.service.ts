import {
  flattenSteps,
  SEARCH_COUNT_CAP,
  type SearchGroup,
  type SearchMatch,
  type SearchQuery,
  type SearchResponse,
  type SearchResult,
  searchTerms,
  snippetOf,
} from '@attest/shared';
import { accessScopeOf } from '../../platform/auth/access-scope.js';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { loadDefinition } from '../workflows/index.js';
import {
  answersByIds,
  commentsByIds,
  type MatchRow,
  searchMatches,
  workflowCards,
} from './search.repository.js';
import { type Hit, kindsInOrder, rankHits, reachedCap } from './search-ranking.js';

type Card = Awaited<ReturnType<typeof workflowCards>>[number];
type Answer = Awaited<ReturnType<typeof answersByIds>>[number];
type Comment = Awaited<ReturnType<typeof commentsByIds>>[number];

// Global search (issue 16, docs/search.md): ids, names, current text answers and the comments of
// threads the person may read, over the live workflows they may see; grouped by kind, best first.
export function search(ctx: UserContext, query: SearchQuery): Promise<SearchResponse> {
  const terms = searchTerms(query.q);
  const userId = ctx.auth.user.id;
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    if (terms.phrase === null && terms.workflowId === null) {
      return { query: query.q, total: 0, capped: false, groups: [] };
    }
    const scope = await accessScopeOf(tx, userId);
    const rows = await searchMatches(tx, userId, {
      phrase: terms.phrase,
      workflowId: terms.workflowId,
      kindId: query.kind_id ?? null,
      regionIds: scope.regions.map((g) => g.id),
      unitIds: scope.businessUnits.map((g) => g.id),
      cap: SEARCH_COUNT_CAP,
    });
    const hits = rankHits(rows);
    const results = await describe(tx, ctx.tenant.id, hits.slice(0, query.limit), terms.phrase);
    return {
      query: query.q,
      total: hits.length,
      capped: reachedCap(rows, SEARCH_COUNT_CAP),
      groups: groupByKind(rows, hits, results),
    };
  });
}

function groupByKind(
  rows: readonly MatchRow[],
  hits: readonly Hit[],
  results: ReadonlyMap<string, SearchResult>,
): SearchGroup[] {
  const kinds = new Map(rows.map((r) => [r.kind_id, { id: r.kind_id, tag: r.kind_tag, name: r.kind_name }]));
  return kindsInOrder(hits).flatMap(({ kindId, count }) => {
    const kind = kinds.get(kindId);
    if (!kind) return [];
    const shown = hits.filter((h) => h.kindId === kindId).flatMap((h) => results.get(h.workflowId) ?? []);
    return [{ kind: { id: Number(kind.id), tag: kind.tag, name: kind.name }, count, results: shown }];
  });
}

// The shown hits as results: their workflow's card and the text that matched, highlighted.
async function describe(
  tx: Tx,
  tenantId: string,
  hits: readonly Hit[],
  phrase: string | null,
): Promise<Map<string, SearchResult>> {
  const refs = (source: string) => hits.flatMap((h) => (h.source === source && h.refId ? [h.refId] : []));
  const [cards, answers, comments] = await Promise.all([
    workflowCards(
      tx,
      hits.map((h) => h.workflowId),
    ),
    answersByIds(tx, refs('answer')),
    commentsByIds(tx, refs('comment')),
  ]);
  const cardOf = new Map(cards.map((c) => [c.id, c]));
  const answerOf = new Map(answers.map((a) => [a.id, a]));
  const commentOf = new Map(comments.map((c) => [c.id, c]));
  const described = new Map<string, SearchResult>();
  for (const hit of hits) {
    const card = cardOf.get(hit.workflowId);
    if (!card) continue;
    const labelOf = async (fieldTag: string | null) =>
      fieldTag ? fieldLabel(await loadDefinition(tx, tenantId, card.definition_id), fieldTag) : undefined;
    const match = await matchOf(hit, card, phrase, answerOf, commentOf, labelOf);
    described.set(hit.workflowId, toResult(card, match));
  }
  return described;
}

async function matchOf(
  hit: Hit,
  card: Card,
  phrase: string | null,
  answerOf: ReadonlyMap<string, Answer>,
  commentOf: ReadonlyMap<string, Comment>,
  labelOf: (fieldTag: string | null) => Promise<string | undefined>,
): Promise<SearchMatch> {
  if (hit.source === 'answer') {
    const answer = hit.refId ? answerOf.get(hit.refId) : undefined;
    if (answer) {
      return {
        source: 'answer',
        field_tag: answer.field_tag,
        field_label: await labelOf(answer.field_tag),
        step_tag: answer.step_tag,
        ...snippetOf(answer.text_value ?? '', phrase),
      };
    }
  }
  if (hit.source === 'comment') {
    const comment = hit.refId ? commentOf.get(hit.refId) : undefined;
    if (comment) {
      return {
        source: 'comment',
        thread_id: Number(comment.thread_id),
        ...(comment.step_tag ? { step_tag: comment.step_tag } : {}),
        ...(comment.field_tag
          ? { field_tag: comment.field_tag, field_label: await labelOf(comment.field_tag) }
          : {}),
        ...snippetOf(comment.body, phrase),
      };
    }
  }
  if (hit.source === 'id') {
    const snippet = `#${card.id}`;
    return { source: 'id', snippet, highlights: [[0, snippet.length]] };
  }
  return { source: 'name', ...snippetOf(card.name, phrase) };
}

function toResult(card: Card, match: SearchMatch): SearchResult {
  return {
    workflow_id: Number(card.id),
    workflow_name: card.name,
    status:
      card.status_id === null
        ? null
        : { id: Number(card.status_id), name: card.status_name ?? '', color_code: card.status_color ?? '' },
    region: { id: Number(card.region_id), name: card.region_name },
    updated_at: card.updated_at.toISOString(),
    match,
  };
}

function fieldLabel(definition: Parameters<typeof flattenSteps>[0], fieldTag: string): string | undefined {
  for (const step of flattenSteps(definition)) {
    const field = step.fields.find((f) => f.tag === fieldTag);
    if (field) return field.label;
  }
  return undefined;
}
