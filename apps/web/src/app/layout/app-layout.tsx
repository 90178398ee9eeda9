import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useLogout, usePermissions, useSignedInUser, useStopImpersonation } from '../../features/auth';
import { useConfiguration } from '../../features/configuration';
import { MySubscriptionsModal } from '../../features/mentions/components/subscriptions/my-subscriptions-modal';
import { NotificationsBell } from '../../features/notifications';
import { useChangeLanguage, useSyncTimezone } from '../../features/preferences';
import { useDisconnectRealtime } from '../../features/realtime';
import { openSearchPalette, SearchPalette } from '../../features/search';
import {
  AppHeader,
  HeaderNav,
  headerHeight,
  ImpersonationBanner,
  MaintenanceBanner,
} from '../../features/shell';
import { NewWorkflowButton } from '../../features/workflows';
import { displayNameOf } from '../../lib/format/initials';
import { languageOptions } from '../../lib/i18n/language-options';
import { brandNameOf, useDocumentTitle } from './use-document-title';
import { useOpenTaskCount } from './use-open-task-count';
import { usePageAnalytics } from './use-page-analytics';
import { useRouteHeaderActions } from './use-route-header-actions';

export type AppLayoutProps = {
  // Spec 1 section 2: /process/{id}/without-header shows the page alone (e.g. inside another tool).
  withHeader?: boolean;
};

// The signed-in frame: header above, the route's page below.
export function AppLayout({ withHeader = true }: AppLayoutProps) {
  const { i18n } = useTranslation();
  const configuration = useConfiguration();
  const user = useSignedInUser();
  // Until a required authenticator is set up, the server answers nothing but the security page's calls.
  const enrolling = user.mfa.enrolment_required;
  const { can } = usePermissions(!enrolling);
  const logout = useLogout();
  const stopImpersonation = useStopImpersonation();
  const changeLanguage = useChangeLanguage();
  const RouteActions = useRouteHeaderActions();
  const disconnectRealtime = useDisconnectRealtime();
  const [subscriptionsOpen, subscriptions] = useDisclosure(false);
  const openTaskCount = useOpenTaskCount(!enrolling && can('can_view_tasks'));
  useSyncTimezone(!enrolling);
  useDocumentTitle(brandNameOf(configuration));
  usePageAnalytics();

  const impersonation = user.impersonator && (
    <ImpersonationBanner
      impersonatorName={user.impersonator.name || user.impersonator.email}
      userName={displayNameOf(user)}
      onStop={() => stopImpersonation.mutate()}
      stopping={stopImpersonation.isPending || stopImpersonation.isSuccess}
    />
  );

  const maintenance = (
    <MaintenanceBanner
      maintenance={configuration.configuration}
      administrator={can('can_access_admin_settings')}
      settingsHref="/settings/global"
    />
  );

  if (!withHeader) {
    return (
      <AppShell padding="lg">
        <AppShell.Main bg="var(--mantine-color-gray-0)">
          {impersonation}
          {maintenance}
          <Outlet />
        </AppShell.Main>
      </AppShell>
    );
  }

  return (
    <AppShell
      header={{ height: headerHeight(configuration.custom_ui_labels, Boolean(user.impersonator)) }}
      padding="lg"
    >
      <AppShell.Header withBorder>
        {impersonation}
        <AppHeader
          configuration={configuration}
          user={user}
          can={can}
          languages={languageOptions(configuration)}
          currentLanguage={i18n.language}
          onChangeLanguage={(code) => changeLanguage.mutate(code)}
          onLogout={() => logout.mutate(undefined, { onSuccess: disconnectRealtime })}
          routeActions={RouteActions ? <RouteActions /> : undefined}
          primaryAction={enrolling ? undefined : <NewWorkflowButton collapsible />}
          notifications={enrolling ? undefined : <NotificationsBell />}
          onOpenSubscriptions={enrolling ? undefined : subscriptions.open}
          navigation={
            enrolling ? undefined : (
              <HeaderNav
                user={user}
                can={can}
                openTaskCount={openTaskCount}
                onOpenSearch={openSearchPalette}
              />
            )
          }
        />
        {enrolling ? null : <SearchPalette />}
        <MySubscriptionsModal opened={subscriptionsOpen} onClose={subscriptions.close} />
      </AppShell.Header>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        {maintenance}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
