import {
  cycleTiming,
  evaluateWorkflow,
  flattenSteps,
  overdueDays,
  type Person,
  type StepAssignee,
  slaTiming,
  type WorkflowDetail,
} from '@attest/shared';
import { readerLocale } from '../../platform/reader-locale.js';
import type { UserContext } from '../../platform/request-context.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { mayChangeAssignees } from './step-assignee-rule.js';
import { workflowDetailRepository as repo } from './workflow-detail.repository.js';
import { toAvailableStatus } from './workflow-kinds.service.js';
import type { LoadedWorkflow } from './workflow-loader.js';
import { workflowRecordLinksRepository } from './workflow-record-links.repository.js';

type PersonRow = { id: string; email: string; first_name: string; last_name: string };

export function toPerson(row: PersonRow): Person {
  const name = `${row.first_name} ${row.last_name}`.trim();
  return { id: Number(row.id), name: name || row.email, email: row.email };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type AssigneeRow = Awaited<ReturnType<typeof repo.stepUsers>>[number];
export function toAssignee(row: AssigneeRow): StepAssignee {
  const isUser = row.user_id !== null;
  return {
    id: Number(row.id),
    kind: isUser ? 'user' : 'group',
    user_id: isUser ? Number(row.user_id) : null,
    group_id: isUser ? null : Number(row.group_id),
    name: isUser
      ? toPerson({
          id: row.user_id ?? '',
          email: row.email ?? '',
          first_name: row.first_name ?? '',
          last_name: row.last_name ?? '',
        }).name
      : (row.group_name ?? ''),
    email: isUser ? row.email : null,
  };
}

// The process page's view of one workflow (WorkflowDetailSchema): the definition it runs on, its
// answers with who gave them, its steps with their state, assignees, timing and integration, its
// alerts and family, and what the signed-in user may do with it.
export async function buildWorkflowDetail(
  tx: Tx,
  ctx: UserContext,
  loaded: LoadedWorkflow,
): Promise<WorkflowDetail> {
  const { row, definition, state } = loaded;
  const now = new Date();
  const userId = ctx.auth.user.id;
  const [
    kind,
    [region, unit],
    parent,
    children,
    meta,
    steps,
    stepUsers,
    alerts,
    runs,
    myGroups,
    linkedRecords,
  ] = await Promise.all([
    repo.kind(tx, row.kind_id),
    repo.place(tx, row.region_id, row.business_unit_id),
    row.parent_id ? repo.workflowName(tx, row.parent_id) : undefined,
    repo.children(tx, userId, row.id),
    repo.answerMeta(tx, row.id),
    repo.steps(tx, row.id),
    repo.stepUsers(tx, row.id),
    repo.openAlerts(tx, row.id),
    repo.latestIntegrationRuns(tx, row.id),
    repo.groupIdsOf(tx, userId),
    workflowRecordLinksRepository.linkedRecords(tx, userId, row.id),
  ]);
  const statuses = new Map(
    (await repo.statuses(tx, [row.status_id, ...children.map((c) => c.status_id)], readerLocale(ctx))).map(
      (s) => [s.id, toAvailableStatus(s)],
    ),
  );
  const personIds = new Set<string>();
  if (row.created_by) personIds.add(row.created_by);
  for (const m of meta) if (m.answered_by) personIds.add(m.answered_by);
  for (const s of steps) if (s.completed_by) personIds.add(s.completed_by);
  const people = new Map((await repo.people(tx, [...personIds])).map((p) => [p.id, toPerson(p)]));
  const person = (id: string | null) => (id ? (people.get(id) ?? null) : null);
  const status = (id: string) => {
    const found = statuses.get(id);
    if (!found) throw new Error(`Status ${id} not found`);
    return found;
  };

  const snapshot = evaluateWorkflow(definition, state);
  const stepDefs = new Map(flattenSteps(definition).map((s) => [s.tag, s]));
  const runByStep = new Map(runs.map((r) => [r.step_tag, r]));
  const groups = new Set(myGroups);
  const permissions = ctx.auth.permissions;
  const canChange = loaded.access === 'full' && row.archived_at === null;
  const cycle = cycleTiming(iso(row.cycle_start), iso(row.cycle_end), now);

  return {
    id: Number(row.id),
    name: row.name,
    kind: { id: Number(kind.id), tag: kind.tag, name: kind.name, icon: kind.icon },
    definition_id: Number(row.definition_id),
    definition_version: definition.version,
    definition,
    status: status(row.status_id),
    region: { id: Number(region.id), name: region.name },
    business_unit: unit ? { id: Number(unit.id), name: unit.name } : null,
    parent: parent ? { id: Number(parent.id), name: parent.name } : null,
    children: children.map((c) => ({
      id: Number(c.id),
      name: c.name,
      kind_name: c.kind_name,
      status: status(c.status_id),
      progress: c.progress,
    })),
    progress: row.progress,
    is_locked: row.is_locked,
    archived_at: iso(row.archived_at),
    test_environment: row.test_environment,
    created_at: row.created_at.toISOString(),
    created_by: person(row.created_by),
    cycle_time: cycle.cycle_time,
    ageing: cycle.ageing,
    answers: state.answers,
    answer_meta: Object.fromEntries(
      meta.map((m) => [
        m.field_tag,
        { version: m.version, answered_by: person(m.answered_by), answered_at: m.answered_at.toISOString() },
      ]),
    ),
    answer_records: Object.fromEntries(
      linkedRecords.map((r) => [
        r.field_tag,
        { id: Number(r.id), title: r.visible ? r.title : null, visible: Boolean(r.visible) },
      ]),
    ),
    visible_fields: snapshot.visible_fields,
    steps: steps.map((s) => {
      const assignees = stepUsers.filter((u) => u.step_tag === s.step_tag);
      const sla = slaTiming(s.sla_hours ?? undefined, iso(s.initiated_at), iso(s.completed_at), now);
      const stepCycle = cycleTiming(iso(s.initiated_at), iso(s.completed_at), now);
      const run = runByStep.get(s.step_tag);
      const connector = stepDefs.get(s.step_tag)?.integration?.connector;
      return {
        tag: s.step_tag,
        step_group_tag: s.step_group_tag,
        state: s.state,
        is_locked: s.is_locked,
        initiated_at: iso(s.initiated_at),
        completed_at: iso(s.completed_at),
        completed_by: person(s.completed_by),
        submit_count: s.submit_count,
        assignees: assignees.map(toAssignee),
        cycle_time: stepCycle.cycle_time,
        ageing: stepCycle.ageing,
        is_cycle_running: stepCycle.is_cycle_running,
        sla_breach_time: sla?.sla_breach_time ?? null,
        is_sla_breached: sla?.is_sla_breached ?? false,
        overdue_days: s.state === 'enabled' ? overdueDays(sla, now) : 0,
        is_my_task:
          s.state === 'enabled' &&
          assignees.some((a) => a.user_id === userId || (a.group_id !== null && groups.has(a.group_id))),
        can_change_assignees:
          canChange && mayChangeAssignees({ userId, groupIds: groups, permissions }, assignees),
        // An open integration step with no run yet is waiting for its job to be queued.
        integration: run
          ? { state: run.state, connector: run.connector }
          : connector && s.state === 'enabled'
            ? { state: 'waiting', connector }
            : null,
      };
    }),
    alerts: alerts.map((a) => ({
      id: Number(a.id),
      workflow_id: Number(a.workflow_id),
      rule_tag: a.rule_tag,
      alert_tag: a.alert_tag,
      cat_color_label: a.cat_color_label,
      step_group_tag: a.step_group_tag,
      step_tag: a.step_tag,
      field_tag: a.field_tag,
      raised_at: a.raised_at.toISOString(),
    })),
    abilities: {
      can_edit: canChange,
      can_submit: canChange && permissions.has('can_submit_step'),
      can_undo: canChange && permissions.has('can_undo_step'),
      can_archive: canChange && permissions.has('can_archive_workflow'),
      can_view_activity_log: permissions.has('can_view_activity_log'),
      can_view_progress_map: permissions.has('can_view_progress_map'),
    },
  };
}
