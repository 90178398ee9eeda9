import type { StudioActivity } from '@attest/shared';
import { Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

// The facts of a row worth a glance, from what the server recorded (docs/studio.md): the version,
// the stage move, the environment, the review, the savepoint's message, the merged branch.
export function activityFacts(row: StudioActivity, t: TFunction): string[] {
  const d = row.details;
  const facts: string[] = [];
  const version = text(d.version);
  if (version) facts.push(t('studioPages.activity.facts.version', { version }));
  const from = text(d.from);
  const to = text(d.to);
  if (row.action === 'version_stage_changed' && from && to)
    facts.push(`${t(`studioPages.stages.${from}`)} → ${t(`studioPages.stages.${to}`)}`);
  const environment = text(d.environment);
  if (environment) facts.push(t(`studioPages.environments.${environment}`, { defaultValue: environment }));
  const decision = text(d.decision);
  if (decision) facts.push(t(`studioPages.decisions.${decision}`, { defaultValue: decision }));
  const branch = text(d.from_branch);
  if (branch) facts.push(t('studioPages.activity.facts.fromBranch', { branch }));
  const name = text(d.name);
  if (name) facts.push(name);
  const message = text(d.message);
  if (message) facts.push(message);
  return facts;
}

export function ActivityFacts({ row }: { row: StudioActivity }) {
  const { t } = useTranslation();
  const facts = activityFacts(row, t);
  if (facts.length === 0) return null;
  return (
    <Group gap={8} wrap="wrap">
      {facts.map((fact) => (
        <Text key={fact} fz="xs" c="dimmed" dir="auto">
          {fact}
        </Text>
      ))}
    </Group>
  );
}
