import type { WorkflowListItem } from '@attest/shared';
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tagWords } from '../../../lib/format/tag-words';

type Colour = 'R' | 'A' | 'G';
const ORDER: readonly Colour[] = ['R', 'A', 'G'];
export const ALERT_COLOURS: Record<Colour, string> = { R: 'red', A: 'orange', G: 'teal' };

// Spec 1 §3 alerts: a workflow's open alerts as one badge per colour (R, A, G) with their count.
export function AlertBadges({ alerts }: { alerts: WorkflowListItem['alerts'] }) {
  const { t } = useTranslation();
  if (alerts.length === 0)
    return (
      <Text c="dimmed" size="sm" aria-label={t('dashboard.alerts.none')}>
        —
      </Text>
    );
  const byColour = new Map<Colour, string[]>();
  for (const alert of alerts) {
    byColour.set(alert.cat_color_label, [...(byColour.get(alert.cat_color_label) ?? []), alert.alert_tag]);
  }
  return (
    // Wraps rather than widen the dashboard's fixed alerts column when all three colours are open.
    <Group gap={4}>
      {ORDER.filter((c) => byColour.has(c)).map((colour) => {
        const tags = byColour.get(colour) ?? [];
        const label = t(`dashboard.alerts.${colour}`, { count: tags.length });
        return (
          <Tooltip key={colour} label={`${label}: ${tags.map(tagWords).join(', ')}`} withArrow>
            <Badge
              color={ALERT_COLOURS[colour]}
              variant="filled"
              size="sm"
              radius="sm"
              aria-label={label}
              miw={34}
            >
              {colour} {tags.length}
            </Badge>
          </Tooltip>
        );
      })}
    </Group>
  );
}
