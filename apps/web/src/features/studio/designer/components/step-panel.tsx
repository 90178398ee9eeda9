import type { FieldDefinition, StepDefinition, WorkflowDefinition } from '@attest/shared';
import {
  Divider,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  TagsInput,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignerCommand } from '../model/commands';
import { lastSegment, type StepAddress } from '../model/tree-edits';
import { issuesFor, stepKey } from '../model/validation';
import { ConditionEditor } from './condition-editor';
import { useDesignerContext } from './designer-context';
import { FieldList } from './field-list';
import { IssueMessages } from './issue-messages';

const INTEGRATION_MODES = ['legacy', 'default', 'studio', 'studio_v2'] as const;

// Fields defined before a place in the definition: what a condition there may read.
export function fieldsBefore(definition: WorkflowDefinition, at: StepAddress, field = 0): FieldDefinition[] {
  const result: FieldDefinition[] = [];
  definition.step_groups.forEach((group, g) => {
    group.steps.forEach((step, s) => {
      const before = g < at.group || (g === at.group && s < at.step);
      const same = g === at.group && s === at.step;
      if (before) result.push(...step.fields);
      else if (same) result.push(...step.fields.slice(0, field));
    });
  });
  return result;
}

// A step's panel: name, tag, assignees, SLA, when it shows, what it enables, the status it sets,
// its integration, then its fields.
export function StepPanel({ definition, at }: { definition: WorkflowDefinition; at: StepAddress }) {
  const { t } = useTranslation();
  const { dispatch, issues, readOnly } = useDesignerContext();
  const step = definition.step_groups[at.group]?.steps[at.step] as StepDefinition;
  const own = issues.byElement.get(stepKey(at.group, at.step));
  const key = `${at.group}-${at.step}`;
  const run = (command: DesignerCommand, merge?: string) =>
    dispatch({ type: 'command', command, mergeKey: merge && `${merge}-${key}` });
  const set = (patch: Parameters<typeof setPatch>[0], merge?: string) => run(setPatch(patch), merge);
  const setPatch = (patch: Extract<DesignerCommand, { type: 'setStep' }>['patch']): DesignerCommand => ({
    type: 'setStep',
    at,
    patch,
  });
  const earlier = useMemo(() => fieldsBefore(definition, at), [definition, at]);
  const otherSteps = useMemo(
    () =>
      definition.step_groups.flatMap((g) =>
        g.steps
          .filter((s) => s.tag !== step.tag)
          .map((s) => ({ value: s.tag, label: `${g.name} / ${s.name}` })),
      ),
    [definition.step_groups, step.tag],
  );
  const error = (property: string) => issuesFor(own, property)[0]?.message;
  const assignees = step.assignees ?? {};
  const setAssignees = (patch: Partial<NonNullable<StepDefinition['assignees']>>) => {
    const next = { ...assignees, ...patch };
    if (next.group_names?.length === 0) delete next.group_names;
    if (next.user_emails?.length === 0) delete next.user_emails;
    set({ assignees: Object.keys(next).length > 0 ? next : undefined });
  };
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('studioDesigner.stepSettings')}
      </Title>
      <TextInput
        label={t('studioDesigner.name')}
        value={step.name}
        readOnly={readOnly}
        onChange={(e) => set({ name: e.currentTarget.value }, 'step-name')}
        error={error('name')}
      />
      <TextInput
        dir="ltr"
        label={t('studioDesigner.tag')}
        description={t('studioDesigner.tagHelp')}
        value={lastSegment(step.tag)}
        readOnly={readOnly}
        onChange={(e) => run({ type: 'setStepTag', at, segment: e.currentTarget.value }, 'step-tag')}
        error={error('tag')}
      />
      <TagsInput
        label={t('studioDesigner.assigneeGroups')}
        value={assignees.group_names ?? []}
        readOnly={readOnly}
        onChange={(group_names) => setAssignees({ group_names })}
        error={error('assignees.group_names')}
      />
      <TagsInput
        label={t('studioDesigner.assigneePeople')}
        description={t('studioDesigner.assigneePeopleHelp')}
        value={assignees.user_emails ?? []}
        readOnly={readOnly}
        onChange={(user_emails) => setAssignees({ user_emails })}
        error={error('assignees.user_emails')}
      />
      <NumberInput
        label={t('studioDesigner.slaHours')}
        value={step.sla_hours ?? ''}
        readOnly={readOnly}
        min={0}
        onChange={(value) => set({ sla_hours: typeof value === 'number' ? value : undefined }, 'sla')}
        error={error('sla_hours')}
      />
      <ConditionEditor
        label={t('studioDesigner.visibleWhen')}
        value={step.visible_when}
        fields={earlier}
        readOnly={readOnly}
        onChange={(visible_when) => set({ visible_when })}
      />
      <IssueMessages issues={issuesFor(own, 'visible_when')} />
      <MultiSelect
        label={t('studioDesigner.enables')}
        description={t('studioDesigner.enablesHelp')}
        data={otherSteps}
        value={step.enables ?? []}
        readOnly={readOnly}
        searchable
        onChange={(enables) => set({ enables: enables.length > 0 ? enables : undefined })}
        error={error('enables')}
      />
      <Select
        label={t('studioDesigner.setsStatus')}
        data={definition.statuses.map((s) => ({ value: s.tag, label: s.display_name || s.tag }))}
        value={step.on_submit?.set_status ?? null}
        readOnly={readOnly}
        clearable
        placeholder={t('studioDesigner.noStatusChange')}
        onChange={(status) => set({ on_submit: status ? { set_status: status } : undefined })}
        error={error('on_submit')}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t('studioDesigner.integrationConnector')}
          value={step.integration?.connector ?? ''}
          readOnly={readOnly}
          onChange={(e) => {
            const connector = e.currentTarget.value;
            set({ integration: connector ? { ...step.integration, connector } : undefined }, 'connector');
          }}
          error={error('integration.connector')}
        />
        <Select
          label={t('studioDesigner.integrationMode')}
          data={INTEGRATION_MODES.map((mode) => ({
            value: mode,
            label: t(`studioDesigner.integrationModes.${mode}`),
          }))}
          value={step.integration?.mode ?? null}
          disabled={!step.integration}
          readOnly={readOnly}
          clearable
          onChange={(mode) =>
            step.integration &&
            set({
              integration: mode
                ? { ...step.integration, mode: mode as (typeof INTEGRATION_MODES)[number] }
                : { connector: step.integration.connector },
            })
          }
        />
      </Group>
      <IssueMessages
        issues={(own ?? []).filter(
          (i) =>
            !['name', 'tag', 'sla_hours', 'on_submit'].includes(i.property.split('.')[0] ?? '') &&
            !i.property.startsWith('visible_when') &&
            !i.property.startsWith('enables') &&
            !i.property.startsWith('assignees') &&
            !i.property.startsWith('integration'),
        )}
      />
      <Divider />
      <FieldList definition={definition} step={step} at={at} />
    </Stack>
  );
}
