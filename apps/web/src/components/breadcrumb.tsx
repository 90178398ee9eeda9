import { Anchor, Box, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEllipsisTooltip } from './ellipsis-tooltip';
import { menuMaxHeight } from './layout-constants';

// Spec 2 §3.11: a breadcrumb item.
export type BreadcrumbItem = {
  label: string;
  // Within the app (a router link), or elsewhere when isExternalLink (a new tab).
  href?: string;
  isExternalLink?: boolean;
  icon?: ReactNode;
  // Wider or narrower than the default 180 px.
  maxWidth?: number;
  // A tooltip other than the label, shown whether the label is cut or not.
  tooltip?: string;
  onClick?: () => void;
  // Text that is user data (a workflow's or a record's name) takes its own direction.
  userText?: boolean;
};

type BreadcrumbProps = {
  items: readonly BreadcrumbItem[];
  // Fewer items than this and nothing shows (spec: hidden under 2 items).
  minItems?: number;
  // More items than this and the middle ones collapse into "…": the first item, "…", then the last
  // maxItems - 2.
  maxItems?: number;
  // The nav's name; "Breadcrumb" by default.
  label?: string;
};

export const BREADCRUMB_ITEM_MAX_WIDTH = 180;
export const BREADCRUMB_MIN_ITEMS = 2;
export const BREADCRUMB_MAX_ITEMS = 4;

// The trail to the page shown (spec 2 §2.9): each item at most 180 px wide, cut with an ellipsis and
// then shown whole in a tooltip; a long trail collapses its middle into "…", whose tooltip lists the
// hidden labels and whose menu reaches them. The last item is the current page.
export function Breadcrumb({
  items,
  minItems = BREADCRUMB_MIN_ITEMS,
  maxItems = BREADCRUMB_MAX_ITEMS,
  label,
}: BreadcrumbProps) {
  const { t } = useTranslation();
  if (items.length < minItems) return null;
  const collapse = items.length > Math.max(maxItems, 3);
  const tail = Math.max(1, maxItems - 2);
  const hidden = collapse ? items.slice(1, items.length - tail) : [];
  const shown: (BreadcrumbItem | 'collapsed')[] = collapse
    ? [items[0] as BreadcrumbItem, 'collapsed', ...items.slice(items.length - tail)]
    : [...items];

  return (
    <Box component="nav" aria-label={label ?? t('breadcrumb.label')} data-breadcrumb="">
      <Box
        component="ol"
        m={0}
        p={0}
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 6,
          listStyle: 'none',
          minWidth: 0,
        }}
      >
        {shown.map((item, index) => {
          const last = index === shown.length - 1;
          return (
            <Fragment key={item === 'collapsed' ? '…' : `${index}-${item.label}`}>
              <Box component="li" style={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
                {item === 'collapsed' ? <Collapsed items={hidden} /> : <Crumb item={item} current={last} />}
              </Box>
              {!last && (
                <Box component="li" aria-hidden="true" c="dimmed" fz="sm" style={{ display: 'flex' }}>
                  {/* "›" is a mirrored character: it points the other way in a right-to-left page. */}›
                </Box>
              )}
            </Fragment>
          );
        })}
      </Box>
    </Box>
  );
}

function Crumb({ item, current }: { item: BreadcrumbItem; current: boolean }) {
  const { opened, handlers } = useEllipsisTooltip({ always: item.tooltip !== undefined });
  const maxWidth = item.maxWidth ?? BREADCRUMB_ITEM_MAX_WIDTH;
  const content = (
    <>
      {item.icon && (
        <Box component="span" aria-hidden="true" style={{ marginInlineEnd: 4, verticalAlign: 'middle' }}>
          {item.icon}
        </Box>
      )}
      {item.label}
    </>
  );
  const common = {
    ...handlers,
    fz: 'sm' as const,
    maw: maxWidth,
    truncate: 'end' as const,
    // User text takes its own direction on the cut element itself, so a Latin name in an Arabic
    // trail loses its end to the ellipsis, not its start (a <bdi> inside kept the item right to left).
    dir: item.userText ? 'auto' : undefined,
    style: { display: 'block' },
    'data-breadcrumb-item': '',
  };
  let element: ReactNode;
  if (current) {
    element = (
      <Text component="span" c="dimmed" aria-current="page" {...common}>
        {content}
      </Text>
    );
  } else if (item.href && item.isExternalLink) {
    element = (
      <Anchor href={item.href} target="_blank" rel="noopener noreferrer" onClick={item.onClick} {...common}>
        {content}
      </Anchor>
    );
  } else if (item.href) {
    element = (
      <Anchor component={Link} to={item.href} onClick={item.onClick} {...common}>
        {content}
      </Anchor>
    );
  } else if (item.onClick) {
    element = (
      <Anchor component="button" type="button" onClick={item.onClick} {...common}>
        {content}
      </Anchor>
    );
  } else {
    element = (
      <Text component="span" {...common}>
        {content}
      </Text>
    );
  }
  return (
    <Tooltip label={item.tooltip ?? item.label} opened={opened} multiline maw={360}>
      {element}
    </Tooltip>
  );
}

// The collapsed middle: "…" names how many items it hides, its tooltip lists them and its menu
// leads to them.
function Collapsed({ items }: { items: readonly BreadcrumbItem[] }) {
  const { t } = useTranslation();
  const labels = items.map((item) => item.label);
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Tooltip label={labels.join(' › ')} multiline maw={360}>
          <UnstyledButton
            fz="sm"
            px={4}
            aria-label={t('breadcrumb.hidden', { count: items.length })}
            data-breadcrumb-collapsed=""
            style={{ borderRadius: 'var(--mantine-radius-sm)', lineHeight: 1.4 }}
          >
            …
          </UnstyledButton>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown mah={menuMaxHeight()} style={{ overflowY: 'auto' }}>
        {items.map((item, index) => {
          const text = item.userText ? <bdi>{item.label}</bdi> : item.label;
          const key = `${index}-${item.label}`;
          if (item.href && item.isExternalLink)
            return (
              <Menu.Item
                key={key}
                component="a"
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
                leftSection={item.icon}
                onClick={item.onClick}
              >
                {text}
              </Menu.Item>
            );
          if (item.href)
            return (
              <Menu.Item
                key={key}
                component={Link}
                to={item.href}
                leftSection={item.icon}
                onClick={item.onClick}
              >
                {text}
              </Menu.Item>
            );
          return (
            <Menu.Item key={key} leftSection={item.icon} onClick={item.onClick} disabled={!item.onClick}>
              {text}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
