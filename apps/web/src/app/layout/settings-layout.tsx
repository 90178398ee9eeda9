import { Box, Button, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconAdjustments,
  IconApi,
  IconBolt,
  IconCalendarTime,
  IconHistory,
  IconKey,
  IconLanguage,
  IconMailbox,
  IconMapPin,
  IconPalette,
  IconRosette,
  IconShieldLock,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, NavLink as RouterNavLink } from 'react-router';
import { usePermissions } from '../../features/auth';
import { APP_PATHS } from '../../lib/navigation/app-paths';

const SECTIONS = [
  { to: APP_PATHS.settingsUsers, label: 'admin.nav.users', icon: IconUsers },
  { to: APP_PATHS.settingsGroups, label: 'admin.nav.groups', icon: IconUsersGroup },
  { to: APP_PATHS.settingsSso, label: 'admin.nav.sso', icon: IconKey },
  { to: APP_PATHS.settingsSecurity, label: 'admin.nav.security', icon: IconShieldLock },
  { to: APP_PATHS.settingsBranding, label: 'admin.nav.branding', icon: IconPalette },
  { to: APP_PATHS.settingsLanguages, label: 'admin.nav.languages', icon: IconLanguage },
  { to: APP_PATHS.settingsAccess, label: 'admin.nav.access', icon: IconMapPin },
  { to: APP_PATHS.settingsGlobal, label: 'admin.nav.global', icon: IconAdjustments },
  { to: APP_PATHS.settingsTokens, label: 'admin.nav.tokens', icon: IconApi },
  { to: APP_PATHS.settingsShortcuts, label: 'admin.nav.shortcuts', icon: IconBolt },
  {
    to: APP_PATHS.settingsBadges,
    label: 'admin.nav.badges',
    icon: IconRosette,
    permission: 'can_view_badge_definitions',
  },
  {
    to: APP_PATHS.settingsScheduler,
    label: 'admin.nav.scheduler',
    icon: IconCalendarTime,
    permission: 'can_access_scheduler',
  },
  { to: APP_PATHS.settingsAudit, label: 'admin.nav.audit', icon: IconHistory },
  { to: APP_PATHS.settingsMailbox, label: 'admin.nav.mailbox', icon: IconMailbox },
] as const;

// A section with its own permission is listed only to those who have it.
function useSections() {
  const { can } = usePermissions();
  return SECTIONS.filter((section) => !('permission' in section) || can(section.permission));
}

// Administration: a section list beside the selected page.
export function SettingsLayout() {
  const { t } = useTranslation();
  const sections = useSections();
  return (
    <Group align="flex-start" gap="xl" wrap="nowrap" maw={1320} mx="auto" py="sm">
      <Stack gap={4} w={220} visibleFrom="sm" component="nav" aria-label={t('userMenu.administration')}>
        <Text fz="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
          {t('userMenu.administration')}
        </Text>
        {sections.map(({ to, label, icon: Icon }) => (
          <RouterNavLink key={to} to={to} style={{ textDecoration: 'none', color: 'inherit' }}>
            {({ isActive }) => (
              <NavLink
                component="span"
                label={t(label)}
                active={isActive}
                leftSection={<Icon size={18} stroke={1.5} />}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            )}
          </RouterNavLink>
        ))}
      </Stack>
      <Box style={{ flex: 1, minWidth: 0 }}>
        {/* Narrow screens: the sections as a row above the page. */}
        <ScrollArea hiddenFrom="sm" mb="md" type="never">
          <Group gap={6} wrap="nowrap">
            {sections.map(({ to, label, icon: Icon }) => (
              <RouterNavLink key={to} to={to}>
                {({ isActive }) => (
                  <Button
                    component="span"
                    size="compact-sm"
                    variant={isActive ? 'light' : 'subtle'}
                    color={isActive ? undefined : 'gray'}
                    leftSection={<Icon size={16} stroke={1.5} />}
                  >
                    {t(label)}
                  </Button>
                )}
              </RouterNavLink>
            ))}
          </Group>
        </ScrollArea>
        <Outlet />
      </Box>
    </Group>
  );
}
