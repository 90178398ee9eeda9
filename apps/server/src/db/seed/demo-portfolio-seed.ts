import type { FileAnswer } from '@attest/shared';
import { sql } from 'kysely';
import { queueOpenIntegrationSteps } from '../../modules/integrations/index.js';
import { createWorkflows, type NewWorkflow, recordActivity } from '../../modules/workflows/index.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import type { Db } from '../database.js';
import { insertAttachments, reserveAttachments } from './demo-attachments.js';
import { addDemoColleagues } from './demo-colleagues.js';
import { seedDemoDiscussions } from './demo-discussions.js';
import { allDemoWorkflows, DEMO_PORTFOLIO_COUNT, generateDemoPortfolio } from './demo-portfolio.js';
import { type StoredSample, storeSampleFiles } from './demo-sample-files.js';
import { type Kinds, loadDemoContext } from './demo-tenant-context.js';
import type { DemoWorkflow, FileHole, SampleFile } from './demo-walk.js';

// Families (an onboarding with its assessments and contracts) per transaction: big enough for few
// round trips, small enough that a chunk's statements stay well under Postgres' parameter limit.
const FAMILIES_PER_CHUNK = 400;

export type SeedPortfolioOptions = {
  files: FileStore;
  // The tenant's e-mail domain, for the colleagues it adds.
  domain: string;
  count?: number;
  now?: Date;
};

// Seeds the demo portfolio into a tenant whose demo kinds are published: generated in memory, then
// written a chunk of families per transaction. Returns how many workflows it created.
export async function seedDemoPortfolio(adminDb: Db, tenantId: string, options: SeedPortfolioOptions) {
  const now = (options.now ?? new Date()).getTime();
  const { kinds, context } = await withTenant(adminDb, tenantId, async (tx) => {
    await addDemoColleagues(tx, tenantId, options.domain);
    return loadDemoContext(tx, tenantId, now);
  });
  const families = generateDemoPortfolio(context, { count: options.count ?? DEMO_PORTFOLIO_COUNT });
  if (families.length === 0) return 0;
  const samples = await storeSampleFiles(options.files, tenantId);
  let created = 0;
  for (let i = 0; i < families.length; i += FAMILIES_PER_CHUNK) {
    const chunk = families.slice(i, i + FAMILIES_PER_CHUNK);
    created += await withTenant(adminDb, tenantId, (tx) =>
      writeFamilies(tx, tenantId, kinds, samples, chunk),
    );
  }
  // Open integration steps get the run their opening would have queued; the job worker's sweep hands
  // them to their connector, which pre-fills the screening.
  await withTenant(adminDb, tenantId, (tx) => queueOpenIntegrationSteps(tx, tenantId));
  await withTenant(adminDb, tenantId, (tx) => seedDemoDiscussions(tx, tenantId, options.domain, now));
  return created;
}

type Ids = Map<DemoWorkflow, string>;

function newWorkflow(
  w: DemoWorkflow,
  kinds: Kinds,
  files: ReadonlyMap<FileHole, FileAnswer[]>,
  ids: Ids,
  parentId: string | null,
): NewWorkflow {
  const answers = { ...w.answers };
  for (const hole of w.files) {
    const stored = files.get(hole) ?? [];
    answers[hole.fieldTag] = hole.multiple ? stored : stored[0];
  }
  if (w.childFieldTag && w.children.length > 0) {
    answers[w.childFieldTag] = w.children.map((child) => Number(ids.get(child)));
  }
  return {
    kind: kinds[w.kind],
    name: w.name,
    regionId: w.regionId,
    businessUnitId: w.businessUnitId,
    parentId,
    parentFieldTag: null,
    createdBy: w.createdBy,
    createdAt: new Date(w.createdAt),
    answers,
    submitted: w.submitted.map((s) => ({ step: s.step, at: new Date(s.at), by: s.by })),
  };
}

async function create(
  tx: Tx,
  tenantId: string,
  workflows: readonly DemoWorkflow[],
  ids: Ids,
  toInput: (w: DemoWorkflow) => NewWorkflow,
) {
  const created = await createWorkflows(tx, tenantId, workflows.map(toInput));
  for (const [i, w] of workflows.entries()) ids.set(w, created[i] as string);
}

// Children are created first (the parent's answer names them), then their parents, then the parent
// link; contracts last, under the supplier they were signed with.
async function writeFamilies(
  tx: Tx,
  tenantId: string,
  kinds: Kinds,
  samples: Record<SampleFile, StoredSample>,
  families: readonly DemoWorkflow[],
): Promise<number> {
  const all = allDemoWorkflows(families);
  const files = await reserveAttachments(
    tx,
    all.flatMap((w) => w.files),
    samples,
  );
  const ids: Ids = new Map();
  const parents = new Map<DemoWorkflow, DemoWorkflow>();
  for (const w of all) for (const child of [...w.children, ...w.related]) parents.set(child, w);
  const children = all.filter((w) => parents.get(w)?.children.includes(w));
  const related = all.filter((w) => parents.get(w)?.related.includes(w));
  const rest = all.filter((w) => !parents.has(w));
  await create(tx, tenantId, children, ids, (w) => newWorkflow(w, kinds, files, ids, null));
  await create(tx, tenantId, rest, ids, (w) => newWorkflow(w, kinds, files, ids, null));
  await linkChildren(tx, tenantId, children, parents, ids);
  await create(tx, tenantId, related, ids, (w) =>
    newWorkflow(w, kinds, files, ids, ids.get(parents.get(w) as DemoWorkflow) ?? null),
  );
  await insertAttachments(tx, tenantId, all, files, samples, ids);
  await assignWaitingSteps(tx, tenantId, all, ids);
  return all.length;
}

async function linkChildren(
  tx: Tx,
  tenantId: string,
  children: readonly DemoWorkflow[],
  parents: ReadonlyMap<DemoWorkflow, DemoWorkflow>,
  ids: Ids,
) {
  if (children.length === 0) return;
  const pairs = children.map((child) => {
    const parent = parents.get(child) as DemoWorkflow;
    return { child, parent, childId: ids.get(child) as string, parentId: ids.get(parent) as string };
  });
  await sql`
    update workflows w
    set parent_id = v.parent_id, parent_field_tag = v.field_tag
    from unnest(
      ${pairs.map((p) => p.childId)}::bigint[],
      ${pairs.map((p) => p.parentId)}::bigint[],
      ${pairs.map((p) => p.parent.childFieldTag)}::text[]
    ) as v (id, parent_id, field_tag)
    where w.tenant_id = ${tenantId} and w.id = v.id
  `.execute(tx);
  // As the child-workflow service records a child started from its field.
  await recordActivity(
    tx,
    tenantId,
    pairs.flatMap(({ child, parent, childId, parentId }) => [
      {
        workflowId: parentId,
        action: 'created' as const,
        event: 'child_created',
        actorId: child.createdBy,
        fieldTag: parent.childFieldTag,
        details: { child_id: Number(childId), name: child.name },
        at: new Date(child.createdAt),
      },
      {
        workflowId: childId,
        action: 'created' as const,
        event: 'created_from_parent',
        actorId: child.createdBy,
        details: { parent_id: Number(parentId), field_tag: parent.childFieldTag },
        at: new Date(child.createdAt),
      },
    ]),
  );
}

// The person who owns the step a workflow waits on, beside the team createWorkflows assigned.
async function assignWaitingSteps(tx: Tx, tenantId: string, all: readonly DemoWorkflow[], ids: Ids) {
  const rows = all.flatMap((w) =>
    w.waitingOn?.assignee
      ? [
          {
            tenant_id: tenantId,
            workflow_id: ids.get(w) as string,
            step_tag: w.waitingOn.step,
            user_id: w.waitingOn.assignee,
            added_by: w.createdBy,
          },
        ]
      : [],
  );
  for (let i = 0; i < rows.length; i += 1000) {
    await tx
      .insertInto('workflow_step_users')
      .values(rows.slice(i, i + 1000))
      .execute();
  }
}
