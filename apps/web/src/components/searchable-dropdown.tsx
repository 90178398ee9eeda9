import { Box, Popover, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconCheck, IconSearch } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  cloneElement,
  type KeyboardEvent,
  type ReactElement,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';

// Spec 2 §2.9 searchable dropdown: a search field above 15 items, a virtualised list above 15 items,
// 340 wide and 400 high, 4 px from its trigger.
export const DROPDOWN_SEARCH_THRESHOLD = 15;
export const DROPDOWN_VIRTUAL_THRESHOLD = 15;
export const DROPDOWN_WIDTH = 340;
export const DROPDOWN_HEIGHT = 400;
export const DROPDOWN_OFFSET = 4;
const ROW_HEIGHT = 36;
const SEARCH_BLOCK = 52;
const PADDING = 8;

// Spec 2 §3.11 dropdown item.
export type DropdownItem = { label: string; value: string };

// Case- and accent-insensitive match on the label.
export function filterDropdownItems(items: readonly DropdownItem[], search: string): DropdownItem[] {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLocaleLowerCase();
  const term = fold(search.trim());
  return term === '' ? [...items] : items.filter((item) => fold(item.label).includes(term));
}

// Spec 2 §2.9: while the dropdown is open the page behind it does not scroll.
export function usePageScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, [active]);
}

export type SearchableDropdownProps = {
  items: readonly DropdownItem[];
  value?: string | null;
  onSelect: (value: string) => void;
  // The list's accessible name (what is being chosen).
  label: string;
  // The trigger: a button; it gets the open/close wiring and aria-expanded.
  children: ReactElement;
  searchThreshold?: number;
  virtualThreshold?: number;
  position?: 'bottom-start' | 'bottom-end' | 'bottom';
  // The trigger's id (Mantine's Popover gives its target this id), for a label to point at.
  id?: string;
};

type ListProps = {
  id: string;
  items: DropdownItem[];
  active: number;
  value: string | null | undefined;
  height: number;
  onPick: (value: string) => void;
  onHover: (index: number) => void;
  optionId: (index: number) => string;
};

function Row({
  item,
  index,
  props,
  style,
}: {
  item: DropdownItem;
  index: number;
  props: ListProps;
  style?: object;
}) {
  const selected = item.value === props.value;
  return (
    <UnstyledButton
      component="div"
      id={props.optionId(index)}
      role="option"
      aria-selected={selected}
      aria-setsize={props.items.length}
      aria-posinset={index + 1}
      data-active={index === props.active || undefined}
      tabIndex={-1}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => props.onPick(item.value)}
      onMouseEnter={() => props.onHover(index)}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        height: ROW_HEIGHT,
        paddingInline: 10,
        borderRadius: 4,
        cursor: 'pointer',
        background: index === props.active ? 'var(--mantine-color-default-hover)' : undefined,
        ...style,
      }}
    >
      <Text size="sm" truncate="end" style={{ flex: 1 }} title={item.label}>
        {item.label}
      </Text>
      {selected && <IconCheck size={14} aria-hidden />}
    </UnstyledButton>
  );
}

function PlainList(props: ListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { active } = props;
  useEffect(() => {
    if (active >= 0) ref.current?.querySelector('[data-active]')?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);
  return (
    <Box ref={ref} style={{ maxHeight: props.height, overflowY: 'auto' }}>
      {props.items.map((item, index) => (
        <Row key={item.value} item={item} index={index} props={props} />
      ))}
    </Box>
  );
}

function VirtualList(props: ListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const height = Math.min(props.height, props.items.length * ROW_HEIGHT);
  const virtualizer = useVirtualizer({
    count: props.items.length,
    getScrollElement: () => ref.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    // The list's box is ours (fixed rows, a fixed height), so the window needs no measuring.
    observeElementRect: (_instance, notify) => {
      notify({ width: DROPDOWN_WIDTH, height });
    },
  });
  useEffect(() => {
    if (props.active >= 0) virtualizer.scrollToIndex(props.active, { align: 'auto' });
  }, [props.active, virtualizer]);
  return (
    <Box
      ref={ref}
      style={{ height: Math.min(props.height, props.items.length * ROW_HEIGHT), overflowY: 'auto' }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = props.items[row.index];
          if (!item) return null;
          return (
            <Row
              key={item.value}
              item={item}
              index={row.index}
              props={props}
              style={{
                position: 'absolute',
                top: 0,
                insetInlineStart: 0,
                width: '100%',
                transform: `translateY(${row.start}px)`,
              }}
            />
          );
        })}
      </div>
    </Box>
  );
}

// Keyboard moves over the list: arrows, Home, End, Enter to choose (Escape is the popover's).
function moveActive(key: string, active: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowDown') return active < 0 ? 0 : (active + 1) % count;
  if (key === 'ArrowUp') return active <= 0 ? count - 1 : active - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

// Spec 2 §2.9 searchable dropdown on Mantine's Popover: a transparent overlay and a locked page while
// open, a search field past 15 items, a TanStack Virtual list past 15 items, the search cleared when
// it closes, and "No results found" when nothing matches.
export function SearchableDropdown(props: SearchableDropdownProps) {
  const { t } = useTranslation();
  const searchThreshold = props.searchThreshold ?? DROPDOWN_SEARCH_THRESHOLD;
  const virtualThreshold = props.virtualThreshold ?? DROPDOWN_VIRTUAL_THRESHOLD;
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(-1);
  const listId = useId();
  usePageScrollLock(opened);

  const withSearch = props.items.length > searchThreshold;
  const shown = useMemo(() => filterDropdownItems(props.items, search), [props.items, search]);
  const optionId = (index: number) => `${listId}-option-${index}`;
  const height = DROPDOWN_HEIGHT - PADDING * 2 - (withSearch ? SEARCH_BLOCK : 0);

  const close = () => {
    setOpened(false);
    setSearch('');
    setActive(-1);
  };
  const pick = (value: string) => {
    props.onSelect(value);
    close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      const item = shown[active];
      if (item) {
        event.preventDefault();
        pick(item.value);
      }
      return;
    }
    const next = moveActive(event.key, active, shown.length);
    if (next !== null) {
      event.preventDefault();
      setActive(next);
    }
  };
  const listProps: ListProps = {
    id: listId,
    items: shown,
    active,
    value: props.value,
    height,
    onPick: pick,
    onHover: setActive,
    optionId,
  };
  const activeId = active >= 0 && active < shown.length ? optionId(active) : undefined;

  return (
    <Popover
      id={props.id}
      opened={opened}
      onChange={(next) => (next ? setOpened(true) : close())}
      onClose={close}
      width={DROPDOWN_WIDTH}
      offset={DROPDOWN_OFFSET}
      position={props.position ?? 'bottom-start'}
      withOverlay
      overlayProps={{ backgroundOpacity: 0 }}
      trapFocus
      returnFocus
      shadow="md"
    >
      <Popover.Target>
        {cloneElement(props.children as ReactElement<{ onClick?: () => void }>, {
          onClick: () => (opened ? close() : setOpened(true)),
        })}
      </Popover.Target>
      <Popover.Dropdown p={PADDING} style={{ maxHeight: DROPDOWN_HEIGHT }} aria-label={props.label}>
        {withSearch && (
          <TextInput
            data-autofocus
            mb={PADDING}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            placeholder={t('widgets.dropdown.search')}
            aria-label={t('widgets.dropdown.search')}
            leftSection={<IconSearch size={14} aria-hidden />}
            role="combobox"
            aria-expanded
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
          />
        )}
        <div
          id={listId}
          role="listbox"
          aria-label={props.label}
          tabIndex={withSearch ? -1 : 0}
          data-autofocus={withSearch ? undefined : true}
          aria-activedescendant={withSearch ? undefined : activeId}
          onKeyDown={withSearch ? undefined : onKeyDown}
          style={{ outline: 'none' }}
        >
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="sm" role="status">
              {t('widgets.dropdown.noResults')}
            </Text>
          ) : shown.length > virtualThreshold ? (
            <VirtualList {...listProps} />
          ) : (
            <PlainList {...listProps} />
          )}
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}
