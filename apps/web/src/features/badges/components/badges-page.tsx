import { type BadgeDefinition, localized } from '@attest/shared';
import {
  Button,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { clickableRow } from '../../../components/clickable-row';
import { TableOverview } from '../../../components/table-overview';
import { formatNumber } from '../../../lib/format/number';
import { BADGES_PAGE_SIZE, useBadgeDefinitions } from '../api/badge-definitions';
import { BadgeChip } from './badge-chip';
import { BadgeEditor } from './badge-editor';
import type { LabelLanguage } from './label-translations';
import type { KindChoice, RenderRuleBuilder } from './rule-builder';

// Holders are counted up to this on the server (badges.repository.ts), then shown as N+.
const HOLDERS_CAP = 10_000;

type Props = {
  can: (codename: 'can_create_badge_definitions' | 'can_change_badge_definitions') => boolean;
  kinds: readonly KindChoice[];
  renderRuleBuilder: RenderRuleBuilder;
  // The tenant's offered languages besides its default: the label is translated into these.
  languages?: readonly LabelLanguage[];
};

// Settings > Badges: the tenant's badge definitions, paged and searched on the server. Seeing the
// page needs 'can_view_badge_definitions' (the route); creating and changing are offered only to
// those who may.
export function BadgesPage({ can, kinds, renderRuleBuilder, languages = [] }: Props) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 650);
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<BadgeDefinition | 'new' | null>(null);
  const badges = useBadgeDefinitions({ page, q, archived });
  const rows = badges.data?.results ?? [];
  const canCreate = can('can_create_badge_definitions');
  const canChange = can('can_change_badge_definitions');
  const kindName = (id: number | null) =>
    id === null ? t('badges.form.everyKind') : (kinds.find((k) => k.id === id)?.name ?? `#${id}`);

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title={t('badges.title')}
        description={t('badges.description')}
        actions={
          canCreate ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('badges.create')}
            </Button>
          ) : null
        }
      />
      <Paper withBorder radius="lg" p="md" shadow="xs">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <TextInput
              aria-label={t('badges.search')}
              placeholder={t('badges.search')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              w={280}
            />
            <SegmentedControl
              aria-label={t('badges.show')}
              value={archived ? 'archived' : 'live'}
              onChange={(value) => {
                setArchived(value === 'archived');
                setPage(1);
              }}
              data={[
                { value: 'live', label: t('badges.live') },
                { value: 'archived', label: t('badges.archived') },
              ]}
            />
          </Group>
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover={canChange} verticalSpacing="sm" data-testid="badges-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('badges.columns.badge')}</Table.Th>
                  <Table.Th>{t('badges.columns.tag')}</Table.Th>
                  <Table.Th>{t('badges.columns.kind')}</Table.Th>
                  <Table.Th>{t('badges.columns.holders')}</Table.Th>
                  <Table.Th>{t('badges.columns.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text fz="sm" c="dimmed" ta="center" py="md">
                        {badges.isPending ? t('badges.loading') : t('badges.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {rows.map((badge) => (
                  <Table.Tr
                    key={badge.id}
                    {...(canChange ? clickableRow(() => setEditing(badge)) : {})}
                    data-testid={`badge-row-${badge.tag}`}
                  >
                    <Table.Td>
                      {/* As the administrator's own language shows it to people. */}
                      <BadgeChip
                        badge={{
                          ...badge,
                          label: localized(badge.label, badge.label_translations, i18n.language),
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" ff="monospace">
                        {badge.tag}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{kindName(badge.kind_id)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">
                        {badge.workflow_count > HOLDERS_CAP
                          ? `${formatNumber(HOLDERS_CAP, i18n.language)}+`
                          : formatNumber(badge.workflow_count, i18n.language)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <RecomputeState badge={badge} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TableOverview
            total={badges.data?.count}
            page={page}
            onPage={setPage}
            pageSize={BADGES_PAGE_SIZE}
          />
        </Stack>
      </Paper>
      {editing !== null ? (
        <BadgeEditor
          key={editing === 'new' ? 'new' : editing.id}
          definition={editing === 'new' ? null : editing}
          opened
          onClose={() => setEditing(null)}
          kinds={kinds}
          renderRuleBuilder={renderRuleBuilder}
          canChange={canChange}
          languages={languages}
        />
      ) : null}
    </Stack>
  );
}

// A rule change is applied to every workflow by a job: its progress, or the badge's state.
function RecomputeState({ badge }: { badge: BadgeDefinition }) {
  const { t } = useTranslation();
  if (badge.archived) {
    return (
      <Text fz="sm" c="dimmed">
        {t('badges.archivedState')}
      </Text>
    );
  }
  if (badge.recompute === null) return <Text fz="sm">{t('badges.upToDate')}</Text>;
  const { done, total } = badge.recompute;
  const percent = total === 0 ? 100 : Math.min(100, Math.round((done / total) * 100));
  return (
    <Stack gap={2} miw={140}>
      <Text fz="xs">{t('badges.applying', { done, total })}</Text>
      <Progress value={percent} size="sm" aria-label={t('badges.applying', { done, total })} />
    </Stack>
  );
}
