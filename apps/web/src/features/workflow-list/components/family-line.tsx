import type { WorkflowListItem } from '@attest/shared';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

// Spec 1 §3 workflow_family and its relation labels (Parent, Children, Grandchildren): a workflow
// started from another shows its parent, and whether it is a child or a grandchild.
export function FamilyLine({ family }: { family: WorkflowListItem['workflow_family'] }) {
  const { t } = useTranslation();
  const parents = family.filter((member) => member.relation === 'parent');
  const parent = parents.at(-1);
  if (!parent) return null;
  const relation = parents.length >= 2 ? 'grandchildren' : 'children';
  return (
    <Group gap={6} wrap="nowrap" mt={2}>
      <Badge
        size="xs"
        variant="outline"
        color="gray"
        radius="sm"
        tt="none"
        style={{ minWidth: 'max-content' }}
      >
        {t(`dashboard.family.${relation}`)}
      </Badge>
      <Group gap={4} wrap="nowrap" miw={0}>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {t('dashboard.family.parent')}:
        </Text>
        {/* The name truncates in its own direction, so an English name keeps its beginning in Arabic. */}
        <Anchor
          component={Link}
          to={`/process/${parent.id}`}
          size="xs"
          truncate
          title={`${t('dashboard.family.parent')}: ${parent.name}`}
          dir="auto"
          miw={0}
          onClick={(event) => event.stopPropagation()}
        >
          {parent.name}
        </Anchor>
      </Group>
    </Group>
  );
}
