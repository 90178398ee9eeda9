import type { Tx } from '../../platform/tenant-transaction.js';

export type AuditFilter = { action?: string; userId?: string; limit: number; offset: number };

export const auditEventsRepository = {
  // Newest first. An action ending in '.' names a family ('user.'), served by audit_events_action_idx.
  async page(tx: Tx, filter: AuditFilter) {
    let query = tx
      .selectFrom('audit_events as e')
      .leftJoin('users as actor', (join) =>
        join.onRef('actor.tenant_id', '=', 'e.tenant_id').onRef('actor.id', '=', 'e.actor_user_id'),
      )
      .leftJoin('users as target', (join) =>
        join.onRef('target.tenant_id', '=', 'e.tenant_id').onRef('target.id', '=', 'e.target_user_id'),
      );
    const { action, userId } = filter;
    if (action) {
      query = action.endsWith('.')
        ? query.where('e.action', 'like', `${action.replace(/[\\%_]/g, '\\$&')}%`)
        : query.where('e.action', '=', action);
    }
    if (userId) {
      query = query.where((eb) =>
        eb.or([eb('e.actor_user_id', '=', userId), eb('e.target_user_id', '=', userId)]),
      );
    }
    const [rows, total] = await Promise.all([
      query
        .select([
          'e.id',
          'e.action',
          'e.details',
          'e.ip_address',
          'e.created_at',
          'actor.id as actor_id',
          'actor.email as actor_email',
          'target.id as target_id',
          'target.email as target_email',
        ])
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.count) };
  },
};
