import { Navigate } from 'react-router';
import { type Can, usePermissions } from '../../features/auth';
import { usePersonalisedHomepage } from './use-personalised-homepage';

export const LANDING_PATHS = {
  home: '/home',
  dashboard: '/workflows/instances',
  tasks: '/tasks',
} as const;

// Spec 1 §2 private redirect and §6: the home route depends on 'can view dashboard'; issue 16 adds
// the personalised home page (PERSONALISED_HOMEPAGE) first and the task inbox for people who may not
// see the dashboard but have tasks. /home is open to everyone signed in.
export function landingPath(personalisedHomepage: boolean, can: Can): string {
  if (personalisedHomepage) return LANDING_PATHS.home;
  if (can('can_view_dashboard')) return LANDING_PATHS.dashboard;
  if (can('can_view_tasks')) return LANDING_PATHS.tasks;
  return LANDING_PATHS.home;
}

// `/` once signed in (RequireAuth has loaded the permissions by then).
export function LandingRedirect() {
  const { can } = usePermissions();
  const personalised = usePersonalisedHomepage();
  return <Navigate to={landingPath(personalised, can)} replace />;
}
