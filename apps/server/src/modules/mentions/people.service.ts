import {
  MENTIONABLE_MAX,
  type Mentionable,
  type SubscriptionUser,
  USER_KIND,
  USER_LIST_MAX,
} from '@attest/shared';
import { ForbiddenError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { likePattern } from '../workflow-list/index.js';
import { loadVisibleWorkflow } from '../workflows/index.js';
import { activeUsersPage, mentionableGroups, mentionableUsers } from './people.repository.js';

const displayName = (u: { first_name: string; last_name: string; email: string }) =>
  `${u.first_name} ${u.last_name}`.trim() || u.email;

// Spec 1 §7 user-list-for-subscription: the tenant's directory of active users, by name. A supplier
// (third-party) user is not shown the tenant's people.
export function userListForSubscription(
  ctx: UserContext,
  query: { limit: 'none' | number; offset: number; q?: string | undefined },
): Promise<{ results: SubscriptionUser[]; count: number }> {
  if (ctx.auth.user.kind === USER_KIND.supplier) throw new ForbiddenError();
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const { rows, count } = await activeUsersPage(tx, {
      pattern: query.q ? likePattern(query.q.toLowerCase()) : null,
      limit: query.limit === 'none' ? USER_LIST_MAX : query.limit,
      offset: query.limit === 'none' ? 0 : query.offset,
    });
    return {
      results: rows.map((u) => ({ id: Number(u.id), name: displayName(u), email: u.email })),
      count,
    };
  });
}

// Who the composer offers for @mention on a workflow: active users who can see it (the rule a
// posted mention is checked against), then groups, matching q by name or e-mail; at most
// MENTIONABLE_MAX. 404 when the workflow is not visible to the asker.
export function mentionable(
  ctx: UserContext,
  workflowId: number,
  q: string,
): Promise<{ results: Mentionable[] }> {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    await loadVisibleWorkflow(tx, ctx, workflowId);
    const pattern = likePattern(q.toLowerCase());
    const users = await mentionableUsers(tx, String(workflowId), pattern, MENTIONABLE_MAX);
    const room = MENTIONABLE_MAX - users.length;
    const groups = room > 0 ? await mentionableGroups(tx, pattern, room) : [];
    return {
      results: [
        ...users.map((u) => ({
          type: 'user' as const,
          id: Number(u.id),
          name: displayName(u),
          email: u.email,
          member_count: null,
        })),
        ...groups.map((g) => ({
          type: 'group' as const,
          id: Number(g.id),
          name: g.name,
          email: null,
          member_count: Number(g.member_count ?? 0),
        })),
      ],
    };
  });
}
