import { mentionToken } from '@attest/shared';
import {
  SUPPLIER_ONBOARDING_FIELDS as F,
  SUPPLIER_ONBOARDING_STEPS as S,
  SUPPLIER_ONBOARDING_DEFINITION,
} from '@attest/shared/testing';
import { targetType, threadLink } from '../../modules/mentions/index.js';
import { recordActivity } from '../../modules/workflows/index.js';
import type { Tx } from '../../platform/tenant-transaction.js';

// Conversations on acme's onboardings under review, so the comments, the 'My Mentions' drawer and
// /mysubscriptions/ have something to show on a fresh start. Colleagues ask the admin things (a few
// mentions unread, the older ones read), each mention also in the admin's notifications. The
// analyst is never mentioned: their inbox starts empty, which the end-to-end journey relies on.
// The seed runs as the tables' owner: every query names the tenant.

const THREADS = 24;
const UNREAD = 5;

type Person = { id: string; name: string };
type Cast = { admin: Person; screening: Person; security: Person; compliance: Person };
type Line = { by: keyof Cast; text: (cast: Cast) => string; mentions?: (keyof Cast)[] };
type Scenario = { stepTag: string | null; fieldTag: string | null; lines: Line[] };

const at = (who: Person) => mentionToken('user', Number(who.id), who.name);

const SCENARIOS: Scenario[] = [
  {
    stepTag: S.SCREENING,
    fieldTag: F.sanctionsResult,
    lines: [
      {
        by: 'screening',
        text: (c) =>
          `${at(c.admin)} the screening flagged a potential match on one of the directors. Can you look before we escalate?`,
        mentions: ['admin'],
      },
      {
        by: 'admin',
        text: () =>
          'Checked the company registry: different date of birth and nationality. Not the same person.',
      },
    ],
  },
  {
    stepTag: S.INTAKE,
    fieldTag: F.annualSpend,
    lines: [
      {
        by: 'compliance',
        text: (c) =>
          `The annual spend is well above the category's usual range. ${at(c.admin)} do we need a second quote for this one?`,
        mentions: ['admin'],
      },
    ],
  },
  {
    stepTag: S.SECURITY,
    fieldTag: null,
    lines: [
      {
        by: 'security',
        text: () =>
          'Their SOC 2 Type II report ends next month. I have asked the supplier for a bridge letter.',
      },
      {
        by: 'admin',
        text: (c) => `Thanks. ${at(c.security)} please attach it here when it arrives.`,
        mentions: ['security'],
      },
    ],
  },
  {
    stepTag: null,
    fieldTag: null,
    lines: [
      {
        by: 'compliance',
        text: (c) =>
          `${at(c.admin)} can this go to the risk committee on Thursday? Everything but the security review is done.`,
        mentions: ['admin'],
      },
    ],
  },
];

async function person(tx: Tx, tenantId: string, email: string): Promise<Person | null> {
  const row = await tx
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('tenant_id', '=', tenantId)
    .where('email', '=', email)
    .executeTakeFirst();
  return row ? { id: row.id, name: `${row.first_name} ${row.last_name}` } : null;
}

export async function seedDemoDiscussions(tx: Tx, tenantId: string, domain: string, now: number) {
  const [admin, screening, security, compliance] = await Promise.all([
    person(tx, tenantId, `admin@${domain}`),
    person(tx, tenantId, `sofia.rossi@${domain}`),
    person(tx, tenantId, `aisha.khan@${domain}`),
    person(tx, tenantId, `chloe.martin@${domain}`),
  ]);
  if (!admin || !screening || !security || !compliance) return 0;
  const cast: Cast = { admin, screening, security, compliance };

  const workflows = await tx
    .selectFrom('workflows as w')
    .innerJoin('workflow_statuses as s', (j) =>
      j.onRef('s.id', '=', 'w.status_id').on('s.tenant_id', '=', tenantId),
    )
    .innerJoin('workflow_kinds as k', (j) =>
      j.onRef('k.id', '=', 'w.kind_id').on('k.tenant_id', '=', tenantId),
    )
    .select(['w.id'])
    .where('w.tenant_id', '=', tenantId)
    .where('k.tag', '=', 'supplier_onboarding')
    .where('s.tag', '=', 'in_review')
    .where('w.archived_at', 'is', null)
    .orderBy('w.created_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(THREADS)
    .execute();

  let messages = 0;
  // Oldest conversation first, so ids follow time as they do for comments posted through the API
  // (notifications list newest first by id).
  for (const [i, workflow] of [...workflows.entries()].reverse()) {
    const scenario = SCENARIOS[i % SCENARIOS.length] as Scenario;
    // The newest conversations are the most recent: hours ago for the first, days for the last.
    const start = now - (i + 1) * 5 * 3_600_000;
    const thread = await tx
      .insertInto('threads')
      .values({
        tenant_id: tenantId,
        workflow_id: workflow.id,
        step_tag: scenario.stepTag,
        field_tag: scenario.fieldTag,
        created_by: cast[scenario.lines[0]?.by ?? 'admin'].id,
        created_at: new Date(start),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const participants = new Set<string>();
    for (const [j, line] of scenario.lines.entries()) {
      const author = cast[line.by];
      const postedAt = new Date(start + j * 40 * 60_000);
      const message = await tx
        .insertInto('messages')
        .values({
          tenant_id: tenantId,
          thread_id: thread.id,
          author_id: author.id,
          body: line.text(cast),
          created_at: postedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      messages += 1;
      participants.add(author.id);
      const mentioned = (line.mentions ?? []).map((key) => cast[key].id);
      if (mentioned.length > 0) {
        const read = i >= UNREAD;
        const target = {
          id: thread.id,
          workflow_id: workflow.id,
          step_tag: scenario.stepTag,
          field_tag: scenario.fieldTag,
        };
        await tx
          .insertInto('notifications')
          .values(
            mentioned.map((user_id) => ({
              tenant_id: tenantId,
              user_id,
              kind: 'mention',
              event_group: 'discussion',
              outcome: null,
              level: 'info' as const,
              actor_id: author.id,
              workflow_id: workflow.id,
              params: JSON.stringify({
                thread_id: Number(thread.id),
                message_id: Number(message.id),
                target: targetType(target),
              }),
              link: threadLink(SUPPLIER_ONBOARDING_DEFINITION, target),
              read_at: read ? new Date(postedAt.getTime() + 3_600_000) : null,
              created_at: postedAt,
            })),
          )
          .execute();
        await tx
          .insertInto('mentions')
          .values(
            mentioned.map((user_id) => ({
              tenant_id: tenantId,
              message_id: message.id,
              user_id,
              is_read: read,
              read_at: read ? new Date(postedAt.getTime() + 3_600_000) : null,
              created_at: postedAt,
            })),
          )
          .execute();
      }
      await recordActivity(tx, tenantId, [
        {
          workflowId: workflow.id,
          action: 'added',
          event: 'comment_posted',
          actorId: author.id,
          stepTag: scenario.stepTag,
          fieldTag: scenario.fieldTag,
          details: {
            thread_id: Number(thread.id),
            message_id: Number(message.id),
            mentioned: mentioned.length,
          },
          at: postedAt,
        },
      ]);
    }
    // Posting subscribes the author (docs/mentions.md), as it would have through the API.
    await tx
      .insertInto('thread_subscriptions')
      .values(
        [...participants].map((user_id) => ({
          tenant_id: tenantId,
          thread_id: thread.id,
          user_id,
          subscribed: true,
          created_at: new Date(start),
          updated_at: new Date(start),
        })),
      )
      .execute();
  }
  return messages;
}
