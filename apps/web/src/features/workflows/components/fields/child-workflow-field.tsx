import { Anchor, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserText } from '../../../../components/user-text';
import { useChildWorkflows, useStartChildWorkflow } from '../../api/child-workflows';
import type { ControlProps } from './control-props';
import { FieldWrapper, labelIdOf } from './field-wrapper';

// 'risk_assessment' -> 'Risk assessment': the kind's tag is all the definition names.
const humanise = (tag: string) => {
  const words = tag.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const answerIds = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];

// The workflows this field started (its answer holds their ids), and a button to start another.
export function ChildWorkflowField(props: ControlProps) {
  const { t } = useTranslation();
  const children = useChildWorkflows(props.workflowId);
  const start = useStartChildWorkflow(props.workflowId, props.field.tag);
  const ids = answerIds(props.value);
  const mine = children.filter((child) => ids.includes(child.id));
  const kind = humanise(props.field.child_kind_tag ?? '');
  return (
    <FieldWrapper chrome={props.chrome}>
      <Stack gap="xs" mt={4} role="group" aria-labelledby={labelIdOf(props.chrome)}>
        {mine.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('fields.child.none')}
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {mine.map((child) => (
              <Group key={child.id} component="li" gap="sm" wrap="nowrap">
                <Anchor component={Link} to={`/process/${child.id}`} size="sm" fw={500}>
                  <UserText>{child.name}</UserText>
                </Anchor>
                <Text size="xs" c="dimmed">
                  <UserText>{child.kind_name}</UserText>
                </Text>
                <Badge size="sm" radius="sm" color={child.status.color_code} variant="light" tt="none">
                  <UserText>{child.status.display_name}</UserText>
                </Badge>
                <Progress
                  value={child.progress}
                  w={80}
                  size="sm"
                  aria-label={t('fields.child.progress', { name: child.name, progress: child.progress })}
                />
              </Group>
            ))}
          </Stack>
        )}
        {props.readOnly ? null : (
          <Group gap="sm">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              loading={start.isPending}
              onClick={() => start.mutate()}
            >
              {t('fields.child.start', { kind })}
            </Button>
            {start.isError ? (
              <Text size="sm" c="red" role="alert">
                {start.error.message}
              </Text>
            ) : null}
          </Group>
        )}
      </Stack>
    </FieldWrapper>
  );
}
