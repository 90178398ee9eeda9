import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeBadge } from './change-badge';
import { ChangeRow } from './change-row';
import { CollapsibleSection } from './collapsible-section';
import { CHANGE_KINDS, type ChangeCounts, type DefinitionChange, groupChanges } from './group-changes';

// A big diff opens closed: its counts say where to look. A long section shows this many rows
// until asked for the rest.
export const OPEN_ALL_UP_TO = 40;
export const ROWS_SHOWN = 50;

export function CountBadges({ counts }: { counts: ChangeCounts }) {
  return (
    <Group gap={6} wrap="wrap">
      {CHANGE_KINDS.filter((kind) => counts[kind] > 0).map((kind) => (
        <ChangeBadge key={kind} kind={kind} count={counts[kind]} />
      ))}
    </Group>
  );
}

function SectionRows({ changes }: { changes: DefinitionChange[] }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = all ? changes : changes.slice(0, ROWS_SHOWN);
  return (
    <Stack gap={0} ps="md">
      {shown.map((change, index) => (
        <Fragment key={`${change.kind}:${change.identity.join('/')}:${change.item}`}>
          {index > 0 ? <Divider /> : null}
          <ChangeRow change={change} />
        </Fragment>
      ))}
      {shown.length < changes.length ? (
        <Group>
          <Button variant="subtle" size="xs" onClick={() => setAll(true)}>
            {t('studioPages.diff.showAll', { count: changes.length })}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

export function DiffChanges({ changes }: { changes: DefinitionChange[] }) {
  const { t } = useTranslation();
  const small = changes.length <= OPEN_ALL_UP_TO;
  const processes = groupChanges(changes);
  return (
    <Stack gap="md">
      {processes.map(({ process, sections, counts }) => (
        <CollapsibleSection
          key={process}
          defaultOpen={small || processes.length === 1}
          title={
            <span>
              {t('studioPages.items.process')}{' '}
              <bdi dir="ltr" style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
                {process}
              </bdi>
            </span>
          }
          summary={<CountBadges counts={counts} />}
        >
          <Stack gap="sm" mt="sm">
            {sections.map((section) => (
              <CollapsibleSection
                key={section.item}
                level="items"
                defaultOpen={small}
                title={
                  <Text span fw={600}>
                    {t(`studioPages.diff.sections.${section.item}`, { count: section.changes.length })}
                  </Text>
                }
                summary={<CountBadges counts={section.counts} />}
              >
                <SectionRows changes={section.changes} />
              </CollapsibleSection>
            ))}
          </Stack>
        </CollapsibleSection>
      ))}
    </Stack>
  );
}
