import { statusDisplayName, type WorkflowDefinition } from '@attest/shared';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldPreview } from './field-preview';

// The process page as a participant would see it at the start: the status it opens in, then
// each group's steps with their fields. Visibility conditions are listed, not evaluated.
export const ProcessPreview = memo(function ProcessPreview({
  definition,
}: {
  definition: WorkflowDefinition;
}) {
  const { t, i18n } = useTranslation();
  const initial = definition.statuses.find((s) => s.tag === definition.initial_status);
  return (
    <Stack gap="md" data-testid="designer-preview">
      <Group>
        <Title order={2} size="h3">
          {definition.kind.name}
        </Title>
        {initial && (
          <Badge color={initial.color_code} variant="filled">
            {statusDisplayName(definition, initial.tag, i18n.language)}
          </Badge>
        )}
      </Group>
      {definition.step_groups.map((group, g) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a group is addressed by its place
        <Stack key={g} gap="xs">
          <Title order={3} size="h4">
            {group.name}
          </Title>
          {group.steps.map((step, s) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a step is addressed by its place
            <Card key={s} withBorder>
              <Group justify="space-between" mb="xs">
                <Text fw={600}>{step.name}</Text>
                {step.sla_hours !== undefined && (
                  <Badge variant="light">{t('studioDesigner.slaBadge', { hours: step.sla_hours })}</Badge>
                )}
              </Group>
              <Stack gap="sm">
                {step.fields.map((field, f) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a field is addressed by its place
                  <Stack key={f} gap={2}>
                    <FieldPreview field={field} />
                    {field.visible_when && (
                      <Text size="xs" c="dimmed">
                        {t('studioDesigner.shownConditionally')}
                      </Text>
                    )}
                  </Stack>
                ))}
                {step.fields.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('studioDesigner.noFields')}
                  </Text>
                )}
              </Stack>
            </Card>
          ))}
        </Stack>
      ))}
    </Stack>
  );
});
