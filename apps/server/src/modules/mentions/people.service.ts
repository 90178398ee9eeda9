import {
  MENTIONABLE_MAX,
  type Mentionable,
  type SubscriptionUser,
  USER_KIND,
  USER_LIST_MAX,
} from '@attest/shared';
import { sql } from 'kysely';
import { ForbiddenError } from '../../platform/errors.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { likePattern } from '../workflow-list/index.js';
import { loadVisibleWorkflow } from '../workflows/index.js';
import { seesWorkflow } from './mention-recipients.js';

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
    let users = tx.selectFrom('users').where('is_active', '=', true);
    if (query.q) {
      const pattern = likePattern(query.q.toLowerCase());
      users = users.where((eb) =>
        eb.or([
          eb(sql`lower(first_name || ' ' || last_name)`, 'like', pattern),
          eb(sql`lower(email)`, 'like', pattern),
        ]),
      );
    }
    const limit = query.limit === 'none' ? USER_LIST_MAX : query.limit;
    const offset = query.limit === 'none' ? 0 : query.offset;
    const [rows, total] = await Promise.all([
      users
        .select(['id', 'email', 'first_name', 'last_name'])
        .orderBy(sql`lower(first_name || ' ' || last_name)`)
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),
      users.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      results: rows.map((u) => ({ id: Number(u.id), name: displayName(u), email: u.email })),
      count: Number(total.n),
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
    const users = await tx
      .selectFrom('users as mu')
      .select(['mu.id', 'mu.email', 'mu.first_name', 'mu.last_name'])
      .where('mu.is_active', '=', true)
      .where((eb) => eb.exists(seesWorkflow(eb, String(workflowId))))
      .where((eb) =>
        eb.or([
          eb(sql`lower(mu.first_name || ' ' || mu.last_name)`, 'like', pattern),
          eb(sql`lower(mu.email)`, 'like', pattern),
        ]),
      )
      .orderBy(sql`lower(mu.first_name || ' ' || mu.last_name)`)
      .orderBy('mu.id')
      .limit(MENTIONABLE_MAX)
      .execute();
    const room = MENTIONABLE_MAX - users.length;
    const groups =
      room > 0
        ? await tx
            .selectFrom('groups as g')
            .select(['g.id', 'g.name'])
            .select((eb) =>
              eb
                .selectFrom('user_groups as ug')
                .innerJoin('users as u', (j) =>
                  j.onRef('u.tenant_id', '=', 'ug.tenant_id').onRef('u.id', '=', 'ug.user_id'),
                )
                .select(eb.fn.countAll<string>().as('n'))
                .whereRef('ug.group_id', '=', 'g.id')
                .where('u.is_active', '=', true)
                .as('member_count'),
            )
            .where(sql`lower(g.name)`, 'like', pattern)
            .orderBy(sql`lower(g.name)`)
            .orderBy('g.id')
            .limit(room)
            .execute()
        : [];
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
