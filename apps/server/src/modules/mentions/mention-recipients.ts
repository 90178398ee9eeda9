import { MENTION_MESSAGES, MENTIONS_PER_MESSAGE_MAX, parseMentions } from '@attest/shared';
import { BadRequestError } from '../../platform/errors.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import {
  activeGroupMemberIds,
  existingGroupIds,
  usersByIds,
  usersSeeingWorkflow,
} from './people.repository.js';

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
    const groups = await existingGroupIds(tx, groupIds.map(String));
    if (groups.length !== groupIds.length) throw new BadRequestError(MENTION_MESSAGES.unknownMention);
    for (const id of await activeGroupMemberIds(tx, groupIds.map(String))) ids.add(id);
  }
  ids.delete(authorId);
  if (ids.size === 0) return [];
  if (ids.size > MENTIONS_PER_MESSAGE_MAX) throw new BadRequestError(MENTION_MESSAGES.tooMany);

  const users = await usersByIds(tx, [...ids]);
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
