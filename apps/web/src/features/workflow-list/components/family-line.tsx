import type { WorkflowListItem } from '@attest/shared';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserText } from '../../../components/user-text';

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
      <Text size="xs" c="dimmed" truncate title={`${t('dashboard.family.parent')}: ${parent.name}`}>
        {t('dashboard.family.parent')}:{' '}
        <Anchor
          component={Link}
          to={`/process/${parent.id}`}
          size="xs"
          onClick={(event) => event.stopPropagation()}
        >
          <UserText>{parent.name}</UserText>
        </Anchor>
      </Text>
    </Group>
  );
}
