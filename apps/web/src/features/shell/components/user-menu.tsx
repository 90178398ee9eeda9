import { type HeaderLink, USER_KIND, type User } from '@attest/shared';
import { Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconChevronDown,
  IconHelpCircle,
  IconLogout,
  IconMessages,
  IconSettings,
  IconShieldLock,
  IconUserCircle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PersonAvatar } from '../../../components/person-avatar';
import { displayNameOf, initialsOf } from '../../../lib/format/initials';
import { APP_PATHS } from '../../../lib/navigation/app-paths';
import type { LanguageOption } from '../lib/shell-types';
import { LanguageSubmenu } from './language-submenu';

export type UserMenuProps = {
  user: User;
  supportLinks: readonly HeaderLink[];
  languages: readonly LanguageOption[];
  currentLanguage: string;
  onChangeLanguage: (code: string) => void;
  onLogout: () => void;
  // Holders of can_access_admin_settings.
  showAdministration?: boolean;
  // Spec 1 §2: 'My subscriptions' opens the mySubscriptionsModal.
  onOpenSubscriptions?: () => void;
};

export function UserMenu({
  user,
  supportLinks,
  languages,
  currentLanguage,
  onChangeLanguage,
  onLogout,
  showAdministration = false,
  onOpenSubscriptions,
}: UserMenuProps) {
  const { t } = useTranslation();
  const name = displayNameOf(user);
  // Spec 1 section 6: supplier users do not see the tenant's own support links.
  const visibleSupportLinks = user.kind === USER_KIND.supplier ? [] : supportLinks;

  return (
    <Menu position="bottom-end" width={260} shadow="md" radius="md" withinPortal>
      <Menu.Target>
        {/* Issue 14: named by the person's name, then what it does; the spaces keep those words
            apart. The avatar's colour (from the user's id, as on the users page) and its tooltip
            tell two people with the same initials apart (Alex Admin and Ana Analyst, 'AA'). */}
        <UnstyledButton data-testid="user-menu-button" px={6} py={4}>
          <Group gap={8} wrap="nowrap">
            <PersonAvatar
              colorKey={user.id}
              name={name}
              letters={initialsOf(user)}
              size={34}
              decorative
              withTooltip
            />{' '}
            <Text fz="sm" fw={500} visibleFrom="sm" truncate="end" maw={160}>
              {name}
            </Text>{' '}
            <VisuallyHidden>{t('userMenu.open')}</VisuallyHidden>
            <IconChevronDown size={14} stroke={1.5} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fz="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {name}
          </Text>
          <Text fz="xs" c="dimmed" truncate="end">
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {user.user_profile_workflow === null ? (
          <Menu.Item leftSection={<IconUserCircle size={16} stroke={1.5} />} disabled>
            {t('userMenu.profile')}
          </Menu.Item>
        ) : (
          <Menu.Item
            component={Link}
            to={`/process/${user.user_profile_workflow}`}
            leftSection={<IconUserCircle size={16} stroke={1.5} />}
          >
            {t('userMenu.profile')}
          </Menu.Item>
        )}
        {onOpenSubscriptions && (
          <Menu.Item leftSection={<IconMessages size={16} stroke={1.5} />} onClick={onOpenSubscriptions}>
            {t('userMenu.subscriptions')}
          </Menu.Item>
        )}
        {/* Someone acting as this user may not change their factors, password or sessions. */}
        {!user.impersonator && (
          <Menu.Item
            component={Link}
            to={APP_PATHS.accountSecurity}
            leftSection={<IconShieldLock size={16} stroke={1.5} />}
          >
            {t('userMenu.security')}
          </Menu.Item>
        )}
        {showAdministration && (
          <Menu.Item
            component={Link}
            to={APP_PATHS.settingsUsers}
            leftSection={<IconSettings size={16} stroke={1.5} />}
          >
            {t('userMenu.administration')}
          </Menu.Item>
        )}
        {languages.length > 1 && (
          <LanguageSubmenu languages={languages} current={currentLanguage} onChange={onChangeLanguage} />
        )}
        {visibleSupportLinks.length > 0 && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('userMenu.support')}</Menu.Label>
            {visibleSupportLinks.map((link) => (
              <Menu.Item
                key={`${link.label}-${link.url}`}
                component="a"
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                leftSection={<IconHelpCircle size={16} stroke={1.5} />}
                data-testid="support-link"
              >
                <span dir="auto">{link.label}</span>
              </Menu.Item>
            ))}
          </>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} stroke={1.5} />} onClick={onLogout}>
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
