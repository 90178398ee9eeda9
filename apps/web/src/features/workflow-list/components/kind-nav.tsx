import type { WorkflowKind } from '@attest/shared';
import { Badge, Loader, NavLink } from '@mantine/core';
import { IconLayoutList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/user-text';
import { countLabel } from '../lib/count-label';
import { SidebarSection } from './sidebar-section';

type KindNavProps = {
  kinds: WorkflowKind[];
  counts: Map<number, { count: number; estimate: boolean } | undefined>;
  selected: number | undefined;
  onSelect: (kindId: number | undefined) => void;
};

// The left sidebar's kinds with their counts under the current filters.
export function KindNav({ kinds, counts, selected, onSelect }: KindNavProps) {
  const { t, i18n } = useTranslation();
  return (
    <SidebarSection title={t('dashboard.sidebar.kinds')}>
      <NavLink
        component="button"
        label={t('dashboard.filters.allKinds')}
        leftSection={<IconLayoutList size={16} />}
        active={selected === undefined}
        onClick={() => onSelect(undefined)}
        variant="light"
        style={{ borderRadius: 6 }}
      />
      {kinds.map((kind) => {
        const count = counts.get(kind.id);
        const label = count ? countLabel(t, i18n.language, count, true) : null;
        return (
          <NavLink
            component="button"
            key={kind.id}
            label={<UserText>{kind.name}</UserText>}
            active={selected === kind.id}
            onClick={() => onSelect(kind.id)}
            variant="light"
            style={{ borderRadius: 6 }}
            rightSection={
              label === null ? (
                counts.has(kind.id) ? (
                  <Loader size={10} type="dots" />
                ) : null
              ) : (
                <Badge size="sm" variant="light" color="gray" radius="sm">
                  {label}
                </Badge>
              )
            }
          />
        );
      })}
    </SidebarSection>
  );
}
