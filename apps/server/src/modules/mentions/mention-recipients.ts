import { MENTION_MESSAGES, MENTIONS_PER_MESSAGE_MAX, parseMentions } from '@attest/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BadRequestError } from '../../platform/errors.js';
import type { Tx } from '../../platform/tenant-transaction.js';

// Who a message body mentions: its user tokens plus the members of its group tokens, active users
// of the tenant only (RLS keeps other tenants out), never the author. Everyone must be able to see
// the workflow: a mention of someone who cannot is refused (400, naming them) rather than skipped,
// so the author never believes they told someone who will never read it.
export async function mentionRecipients(
  tx: Tx,
  body: string,
  workflowId: string,
  authorId: string,
): Promise<string[]> {
  const { userIds, groupIds } = parseMentions(body);
  if (userIds.length === 0 && groupIds.length === 0) return [];
  const ids = new Set(userIds.map(String));
  if (groupIds.length > 0) {
    const groups = await tx
      .selectFrom('groups')
      .select('id')
      .where('id', 'in', groupIds.map(String))
      .execute();
    if (groups.length !== groupIds.length) throw new BadRequestError(MENTION_MESSAGES.unknownMention);
    const members = await tx
      .selectFrom('user_groups as ug')
      .innerJoin('users as u', (j) =>
        j.onRef('u.tenant_id', '=', 'ug.tenant_id').onRef('u.id', '=', 'ug.user_id'),
      )
      .select('ug.user_id')
      .where('ug.group_id', 'in', groupIds.map(String))
      .where('u.is_active', '=', true)
      .execute();
    for (const m of members) ids.add(m.user_id);
  }
  ids.delete(authorId);
  if (ids.size === 0) return [];
  if (ids.size > MENTIONS_PER_MESSAGE_MAX) throw new BadRequestError(MENTION_MESSAGES.tooMany);

  const users = await tx
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'is_active'])
    .where('id', 'in', [...ids])
    .execute();
  const explicit = userIds.map(String).filter((id) => id !== authorId);
  const found = new Set(users.filter((u) => u.is_active).map((u) => u.id));
  if (explicit.some((id) => !found.has(id))) throw new BadRequestError(MENTION_MESSAGES.unknownMention);

  const canSee = await usersSeeingWorkflow(tx, workflowId, [...found]);
  const blind = users.filter((u) => found.has(u.id) && !canSee.has(u.id));
  if (blind.length > 0) {
    const names = blind.map((u) => `${u.first_name} ${u.last_name}`.trim() || u.email).join(', ');
    throw new BadRequestError(`${MENTION_MESSAGES.cannotSee} ${names}`);
  }
  return [...found];
}

// Which of these users can see the workflow: the access rule of workflow-access.ts (region or
// business-unit access), asked for many users at once instead of the signed-in one.
export async function usersSeeingWorkflow(
  tx: Tx,
  workflowId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const seeing = await tx
    .selectFrom('users as mu')
    .select('mu.id')
    .where('mu.id', 'in', [...userIds])
    .where((eb) => eb.exists(seesWorkflow(eb, workflowId)))
    .execute();
  return new Set(seeing.map((r) => r.id));
}

// An exists-subquery over `users as mu`: the workflow is visible to mu.
export function seesWorkflow(
  eb: ExpressionBuilder<Database & { mu: Database['users'] }, 'mu'>,
  workflowId: string,
) {
  return eb
    .selectFrom('workflows as w')
    .select(sql`1`.as('one'))
    .where('w.id', '=', workflowId)
    .where((inner) =>
      inner.or([
        inner.exists(
          inner
            .selectFrom('user_region_access as ra')
            .select(sql`1`.as('one'))
            .whereRef('ra.region_id', '=', 'w.region_id')
            .whereRef('ra.user_id', '=', 'mu.id'),
        ),
        inner.exists(
          inner
            .selectFrom('user_business_unit_access as ba')
            .select(sql`1`.as('one'))
            .whereRef('ba.business_unit_id', '=', 'w.business_unit_id')
            .whereRef('ba.user_id', '=', 'mu.id'),
        ),
      ]),
    );
}
