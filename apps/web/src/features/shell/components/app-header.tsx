import type { Configuration, User } from '@attest/shared';
import { Box, Divider, Group } from '@mantine/core';
import { IconApps, IconFlask, IconTrendingUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bannerMessage } from '../lib/header-layout';
import { localizedLinks } from '../lib/localized-links';
import type { Can, LanguageOption } from '../lib/shell-types';
import { HeaderBanner } from './header-banner';
import { HeaderIconLink } from './header-icon-link';
import { HeaderLinks } from './header-links';
import { HeaderLogo } from './header-logo';
import { UserMenu } from './user-menu';

export const REPORTS_PATH = '/dashboards';
export const BETA_FEATURES_PATH = '/beta-features';
export const STUDIO_PATH = '/studio/apps/';

export type AppHeaderProps = {
  configuration: Configuration;
  user: User;
  can: Can;
  languages: readonly LanguageOption[];
  currentLanguage: string;
  onChangeLanguage: (code: string) => void;
  onLogout: () => void;
  // Icons a route adds (the dashboard's mentions and export).
  routeActions?: ReactNode;
  // The app's main action, first on the right (the 'New workflow' button).
  primaryAction?: ReactNode;
  // On every page, beside the user menu (the notifications bell).
  notifications?: ReactNode;
  // The user menu's 'My subscriptions' (the mySubscriptionsModal); hidden without it.
  onOpenSubscriptions?: () => void;
  // The main navigation beside the logo (HeaderNav; issue 16).
  navigation?: ReactNode;
};

export function AppHeader({
  configuration,
  user,
  can,
  languages,
  currentLanguage,
  onChangeLanguage,
  onLogout,
  routeActions,
  primaryAction,
  notifications,
  onOpenSubscriptions,
  navigation,
}: AppHeaderProps) {
  const { t } = useTranslation();
  const labels = configuration.custom_ui_labels;
  const banner = bannerMessage(labels);
  // Spec 1 section 2: reports need both the user's feature and a configured embed.
  // The navigation's Reports link, when there is one, leads to the same page: one link is enough.
  const showReports =
    user.features.includes('view_reports') &&
    Boolean(configuration.report_embed_url) &&
    !(navigation && can('can_view_process_report'));
  const showBeta = labels.specialFeatures.includes('NEW_UI_ENABLED');

  return (
    <>
      {banner && <HeaderBanner message={banner} color={labels.color} />}
      <Group h={60} px="lg" justify="space-between" wrap="nowrap" gap="md">
        <Group gap="md" wrap="nowrap" miw={0} style={{ flex: '0 1 auto' }}>
          {/* On a narrow screen the name gives way (truncated), never the icons or the user menu. */}
          <Box miw={0} style={{ flex: '0 1 auto', overflow: 'hidden' }}>
            <HeaderLogo
              name={configuration.name}
              logo={configuration.logo}
              linkHome={can('can_view_dashboard')}
            />
          </Box>
          {navigation}
        </Group>
        <Group gap="md" wrap="nowrap" style={{ flexShrink: 0 }}>
          {primaryAction}
          <HeaderLinks links={localizedLinks(labels.header_links, currentLanguage)} />
          <Group gap={4} wrap="nowrap">
            {showReports && (
              <HeaderIconLink
                to={REPORTS_PATH}
                label={t('header.reports')}
                icon={<IconTrendingUp size={20} stroke={1.6} />}
              />
            )}
            {/* Spec 2 §2.4: the studio is for people with can_access_studio. */}
            {can('can_access_studio') && (
              <HeaderIconLink
                to={STUDIO_PATH}
                label={t('studio.headerLink')}
                icon={<IconApps size={20} stroke={1.6} />}
              />
            )}
            {showBeta && (
              <HeaderIconLink
                to={BETA_FEATURES_PATH}
                label={t('header.betaFeatures')}
                icon={<IconFlask size={20} stroke={1.6} />}
              />
            )}
            {routeActions}
            {notifications}
          </Group>
          <Divider orientation="vertical" my={14} />
          <UserMenu
            user={user}
            supportLinks={localizedLinks(configuration.support_links, currentLanguage)}
            languages={languages}
            currentLanguage={currentLanguage}
            onChangeLanguage={onChangeLanguage}
            onLogout={onLogout}
            onOpenSubscriptions={onOpenSubscriptions}
            showAdministration={can('can_access_admin_settings')}
          />
        </Group>
      </Group>
    </>
  );
}
