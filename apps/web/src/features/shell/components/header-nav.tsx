import type { User } from '@attest/shared';
import { ActionIcon, Badge, Box, Button, Group, Menu, VisuallyHidden } from '@mantine/core';
import { IconMenu2, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { RecordsNavMenu, RecordsNavSubmenu } from '../../records';
import { badgeText, type NavItem, navItems } from '../lib/nav-items';
import type { Can } from '../lib/shell-types';

export type HeaderNavProps = {
  user: Pick<User, 'kind'>;
  can: Can;
  // The person's open tasks (GET tasks/counts/ `mine`); no badge while unknown or zero.
  openTaskCount?: number | null;
  onOpenSearch: () => void;
};

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);
const SHORTCUT = 'Control+K Meta+K';

// The header's main navigation: a row of links on wide screens, a menu on narrow ones. The page
// a link leads to is marked for screen readers (aria-current) as well as by its look.
export function HeaderNav({ user, can, openTaskCount, onOpenSearch }: HeaderNavProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = navItems(user, can);
  const count = openTaskCount ?? 0;
  // The badge is for the eye; screen readers hear the count as words, inside the link's own name
  // (an aria-label would no longer contain the visible text).
  const label = (item: NavItem) => (
    <>
      {t(`nav.${item.id}`)}
      {item.id === 'tasks' && count > 0 ? (
        <VisuallyHidden>{` ${t('nav.openCount', { shown: badgeText(count) })}`}</VisuallyHidden>
      ) : null}
    </>
  );
  const badge = (item: NavItem) =>
    item.id === 'tasks' && count > 0 ? (
      <Badge size="sm" variant="filled" color="red" aria-hidden data-testid="nav-task-count">
        {badgeText(count)}
      </Badge>
    ) : null;

  return (
    <>
      <Group
        component="nav"
        aria-label={t('nav.label')}
        gap={2}
        wrap="nowrap"
        visibleFrom="lg"
        // The tenant's name gives way on a crowded header, never the navigation.
        style={{ flexShrink: 0 }}
      >
        {items.map((item) =>
          item.id === 'records' ? (
            <RecordsNavMenu key={item.id} can={can} />
          ) : item.to === null ? (
            <Button
              key={item.id}
              variant="subtle"
              color="gray"
              size="compact-md"
              fw={500}
              leftSection={<IconSearch size={16} stroke={1.6} aria-hidden />}
              onClick={onOpenSearch}
              aria-keyshortcuts={SHORTCUT}
            >
              {t('nav.search')}
            </Button>
          ) : (
            <Button
              key={item.id}
              component={Link}
              to={item.to}
              variant={isActive(pathname, item.to) ? 'light' : 'subtle'}
              color={isActive(pathname, item.to) ? undefined : 'gray'}
              size="compact-md"
              fw={500}
              aria-current={isActive(pathname, item.to) ? 'page' : undefined}
              rightSection={badge(item)}
            >
              {label(item)}
            </Button>
          ),
        )}
      </Group>
      <Box hiddenFrom="lg">
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="lg" radius="md" aria-label={t('nav.menu')}>
              <IconMenu2 size={20} stroke={1.6} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {items.map((item) =>
              item.id === 'records' ? (
                <RecordsNavSubmenu key={item.id} can={can} />
              ) : item.to === null ? (
                <Menu.Item
                  key={item.id}
                  leftSection={<IconSearch size={16} stroke={1.6} aria-hidden />}
                  onClick={onOpenSearch}
                  aria-keyshortcuts={SHORTCUT}
                >
                  {t('nav.search')}
                </Menu.Item>
              ) : (
                <Menu.Item
                  key={item.id}
                  component={Link}
                  to={item.to}
                  aria-current={isActive(pathname, item.to) ? 'page' : undefined}
                  fw={isActive(pathname, item.to) ? 600 : undefined}
                  rightSection={badge(item)}
                >
                  {label(item)}
                </Menu.Item>
              ),
            )}
          </Menu.Dropdown>
        </Menu>
      </Box>
    </>
  );
}
