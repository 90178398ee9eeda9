import { Outlet, type RouteObject } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { AnonymousOnly, ClosePage, LoginPage, RequireAuth, SsoStartPage } from '../../features/auth';
import { NotFoundPage, ReloadRequiredPage, ServiceUnavailablePage } from '../../features/errors';
import { loadSignedInStrings } from '../../lib/i18n/load-language';
import { AdminRedirect } from '../routes/admin-redirect';
import { AuthFrameRoute } from '../routes/login-route';
import { RouteErrorPage } from '../routes/route-error-page';
import { flowRoutes } from './flow-routes';
import { placeholder } from './placeholder-route';
import { recordsRoutes } from './records-routes';
import { reportRoutes } from './report-routes';
import { settingsRoutes } from './settings-routes';
import { studioRoutes } from './studio-routes';
import { processWithoutHeaderRoute, workflowRoutes } from './workflow-routes';

// Issue 14 (first load): the sign-in form is all the entry chunk holds. The sign-in's further steps
// (auth-steps.ts), the signed-in frame (its layout, the real-time socket) and every page under it
// load on demand, so /login downloads none of them; app/router/signed-in.tsx is the one module the
// frame comes from. It comes with the rest of the language's strings: the first page has only the
// boot cut, without the signed-in pages' groups (lib/i18n/load-language.ts).
const signedIn = () => Promise.all([import('./signed-in'), loadSignedInStrings()]).then(([frame]) => frame);
const authSteps = () => import('./auth-steps');

// Spec 1 section 2 and spec 2 section 2: every route under one root layout with an error element.
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Outlet />,
    errorElement: <RouteErrorPage />,
    // Shown while the first page's lazy modules arrive (a fresh load of a signed-in page).
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        path: 'login',
        handle: { title: 'auth.signIn' },
        element: <AuthFrameRoute />,
        children: [
          {
            element: <AnonymousOnly />,
            children: [
              { index: true, element: <LoginPage /> },
              { path: 'mfa', lazy: async () => ({ Component: (await authSteps()).MfaPage }) },
              { path: 'code', lazy: async () => ({ Component: (await authSteps()).OtpPage }) },
              { path: 'magic', lazy: async () => ({ Component: (await authSteps()).MagicLinkRequestPage }) },
              { path: 'certa', element: <LoginPage /> },
              { path: ':loginType', element: <SsoStartPage /> },
            ],
          },
          // These work whoever is signed in: the popup closes, the invitation sets a password, and a
          // confirmed link follows its own next_path rather than the anonymous-only redirect.
          {
            path: 'magic/confirm',
            lazy: async () => ({ Component: (await authSteps()).MagicLinkConfirmPage }),
          },
          { path: 'close', element: <ClosePage /> },
          { path: 'invitation', lazy: async () => ({ Component: (await authSteps()).InvitationPage }) },
        ],
      },
      {
        path: 'login/export-chart',
        lazy: async () => ({ Component: (await signedIn()).ExportChartRoute }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await signedIn()).SessionRealtime }),
            children: [
              {
                lazy: async () => ({ Component: (await signedIn()).AppLayout }),
                children: [
                  // Spec 1 §2: the home route (issue 16: the personalised home page, the dashboard or the tasks).
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('../routes/landing-redirect')).LandingRedirect,
                    }),
                  },
                  {
                    path: 'account/security',
                    handle: { title: 'account.title' },
                    lazy: async () => ({
                      Component: (await import('../routes/account-security-route')).AccountSecurityRoute,
                    }),
                  },
                  ...workflowRoutes,
                  ...reportRoutes,
                  ...recordsRoutes,
                  ...studioRoutes,
                  ...flowRoutes,
                  ...settingsRoutes,
                ],
              },
              {
                lazy: async () => ({ Component: (await signedIn()).AppLayoutWithoutHeader }),
                children: [processWithoutHeaderRoute],
              },
            ],
          },
        ],
      },
      { path: 'service-unavailable', element: <ServiceUnavailablePage /> },
      { path: 'reload-required', element: <ReloadRequiredPage /> },
      placeholder('storage-access-flow', 'storageAccess'),
      { path: 'admin/*', element: <AdminRedirect /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
