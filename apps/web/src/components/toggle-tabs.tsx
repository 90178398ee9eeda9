import { Badge, Button, Group, Menu, Tabs, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EllipsisTooltip } from './ellipsis-tooltip';

// Spec 2 §2.9 toggle tabs: four tabs in responsive mode, at most 200 px each, the rest in a menu at
// most 400 px high.
export const TOGGLE_TABS_VISIBLE = 4;
export const TOGGLE_TAB_MAX_WIDTH = 200;
export const TOGGLE_TABS_MENU_MAX_HEIGHT = 400;

// Spec 2 §3.11 toggle-tab option; `enabled: false` leaves the tab out altogether.
export type ToggleTabOption<V extends string = string> = {
  value: V;
  label: string;
  icon?: ReactNode;
  disabled?: boolean;
  enabled?: boolean;
  count?: number | null;
};

// Spec 2 §9.2 overflowCount: a count above the cap reads "N+".
export function countText(count: number, overflowCount?: number): string {
  return overflowCount !== undefined && count > overflowCount ? `${overflowCount}+` : String(count);
}

// Which tabs show and which wait in the menu. `shown` is the remembered visible set: tabs gone from
// the options drop out of it, free places fill in option order, and a selected tab that is not in
// it takes the last place (spec 2 §2.9: choosing a hidden tab moves it into the visible set).
export function arrangeTabs<V extends string>(
  values: readonly V[],
  shown: readonly V[],
  selected: V,
  max: number,
): { visible: V[]; hidden: V[] } {
  const size = Math.max(1, max);
  const visible = shown.filter((v) => values.includes(v)).slice(0, size);
  for (const v of values) {
    if (visible.length >= size) break;
    if (!visible.includes(v)) visible.push(v);
  }
  if (values.includes(selected) && !visible.includes(selected)) visible[visible.length - 1] = selected;
  return { visible, hidden: values.filter((v) => !visible.includes(v)) };
}

export type ToggleTabsProps<V extends string> = {
  options: readonly ToggleTabOption<V>[];
  value: V;
  onChange: (value: V) => void;
  'aria-label': string;
  // Responsive mode (the default) shows `visibleCount` tabs and a "More" menu; otherwise all tabs.
  responsive?: boolean;
  visibleCount?: number;
  overflowCount?: number;
  size?: 'xs' | 'sm' | 'md';
};

function CountBadge({ count, overflowCount }: { count: number; overflowCount?: number }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color="gray" c="gray.9">
      {/* Read as "My tasks: 3": the tab's name is the text it shows. */}
      <VisuallyHidden>{t('widgets.toggleTabs.countSeparator')}</VisuallyHidden>
      {countText(count, overflowCount)}
    </Badge>
  );
}

// Spec 2 §2.9 / §4.3 toggle tabs over Mantine's Tabs (role tablist, arrow keys, Home and End). The
// "More" menu sits beside the tab list, not in it: a tablist holds tabs only.
export function ToggleTabs<V extends string>(props: ToggleTabsProps<V>) {
  const { options, value, onChange, responsive = true, visibleCount = TOGGLE_TABS_VISIBLE } = props;
  const { t } = useTranslation();
  const enabled = options.filter((o) => o.enabled !== false);
  const values = enabled.map((o) => o.value);
  const [shown, setShown] = useState<V[]>([]);
  const { visible, hidden } = responsive
    ? arrangeTabs(values, shown, value, visibleCount)
    : { visible: values, hidden: [] as V[] };
  const optionOf = (v: V) => enabled.find((o) => o.value === v);
  const badge = (o: ToggleTabOption<V>) =>
    typeof o.count === 'number' ? (
      <CountBadge count={o.count} overflowCount={props.overflowCount} />
    ) : undefined;

  const choose = (next: V) => {
    if (responsive) setShown(arrangeTabs(values, visible, next, visibleCount).visible);
    if (next !== value) onChange(next);
  };

  return (
    <Group gap={4} wrap="nowrap" align="flex-end" miw={0}>
      <Tabs
        value={visible.includes(value) ? value : null}
        onChange={(next) => {
          const option = enabled.find((o) => o.value === next);
          if (option) choose(option.value);
        }}
        styles={{
          tab: { maxWidth: TOGGLE_TAB_MAX_WIDTH },
          tabLabel: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
        }}
        miw={0}
      >
        <Tabs.List aria-label={props['aria-label']}>
          {visible.map((v) => {
            const o = optionOf(v);
            if (!o) return null;
            return (
              <Tabs.Tab key={v} value={v} disabled={o.disabled} leftSection={o.icon} rightSection={badge(o)}>
                {/* Cut at 200 px; the whole label shows on hover when it is cut. */}
                <EllipsisTooltip label={o.label} component="span" fz="inherit" style={{ display: 'block' }} />
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
      {hidden.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="subtle"
              color="gray"
              size={props.size ?? 'sm'}
              rightSection={<IconChevronDown size={14} aria-hidden />}
            >
              {t('widgets.toggleTabs.more', { hidden: hidden.length })}
            </Button>
          </Menu.Target>
          <Menu.Dropdown mah={TOGGLE_TABS_MENU_MAX_HEIGHT} style={{ overflowY: 'auto' }}>
            {hidden.map((v) => {
              const o = optionOf(v);
              if (!o) return null;
              return (
                <Menu.Item
                  key={v}
                  disabled={o.disabled}
                  leftSection={o.icon}
                  rightSection={badge(o)}
                  onClick={() => choose(v)}
                >
                  {o.label}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
