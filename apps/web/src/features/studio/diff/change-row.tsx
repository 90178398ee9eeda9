import type { ItemPlace } from '@attest/shared';
import { Code, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChangeBadge } from './change-badge';
import { type DefinitionChange, valueText } from './group-changes';

// Tags are identifiers, written left to right in every language.
function Tags({ tags }: { tags: readonly string[] }) {
  return (
    <Code dir="ltr" fz="sm">
      {tags.join(' / ')}
    </Code>
  );
}

function Value({ value, label }: { value: unknown; label: string }) {
  if (value === undefined)
    return (
      <Text fz="sm" c="dimmed" aria-label={label}>
        —
      </Text>
    );
  return (
    <Text fz="sm" ff="monospace" dir="auto" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {valueText(value)}
    </Text>
  );
}

function Place({ place }: { place: ItemPlace }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap">
      {place.parent.length > 0 ? <Tags tags={place.parent} /> : null}
      <Text fz="sm">{t('studioPages.diff.position', { position: place.index + 1 })}</Text>
    </Group>
  );
}

// One row of the diff: what changed and, side by side, how it was and how it is.
export function ChangeRow({ change }: { change: DefinitionChange }) {
  const { t, i18n } = useTranslation();
  const name = change.item === 'process' ? change.identity : change.identity.slice(1);
  const properties = change.properties ?? [];
  return (
    <Stack gap="xs" py="xs" data-testid="diff-change" data-kind={change.kind}>
      <Group gap="sm" wrap="wrap">
        <ChangeBadge kind={change.kind} />
        <Text fz="sm" c="dimmed">
          {t(`studioPages.items.${change.item}`)}
        </Text>
        <Tags tags={name} />
      </Group>
      {change.kind === 'moved' && change.from && change.to ? (
        <Group gap="sm" wrap="wrap" ps="md">
          <Place place={change.from} />
          <Text fz="sm" aria-hidden>
            {i18n.dir() === 'rtl' ? '←' : '→'}
          </Text>
          <VisuallyHidden>{t('studioPages.diff.movedTo')}</VisuallyHidden>
          <Place place={change.to} />
        </Group>
      ) : null}
      {properties.length > 0 ? (
        <Table.ScrollContainer minWidth={520}>
          <Table withTableBorder withColumnBorders verticalSpacing={4} layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="26%">{t('studioPages.diff.property')}</Table.Th>
                <Table.Th>{t('studioPages.diff.before')}</Table.Th>
                <Table.Th>{t('studioPages.diff.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {properties.map((property) => (
                <Table.Tr key={property.path.join('.')}>
                  <Table.Td>
                    <Code dir="ltr">{property.path.join('.')}</Code>
                  </Table.Td>
                  <Table.Td bg={property.before === undefined ? undefined : 'var(--mantine-color-red-light)'}>
                    <Value value={property.before} label={t('studioPages.diff.none')} />
                  </Table.Td>
                  <Table.Td bg={property.after === undefined ? undefined : 'var(--mantine-color-teal-light)'}>
                    <Value value={property.after} label={t('studioPages.diff.none')} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
