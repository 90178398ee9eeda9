import { Navigate, useParams } from 'react-router';

// Spec 2 §2.6 sends /admin to the backend's admin area. Ours is the settings pages, which the server
// serves as this same app: a full-page navigation to /admin/ answered the app again, which navigated
// again, for ever (issue 12, finding 11). So /admin goes to settings inside the app, once, keeping
// a known section (/admin/users -> /settings/users); settings decides who may see it.
const SECTIONS = new Set(['users', 'groups', 'sso', 'security', 'audit', 'mailbox']);

export function AdminRedirect() {
  const section = (useParams()['*'] ?? '').split('/')[0] ?? '';
  return <Navigate to={SECTIONS.has(section) ? `/settings/${section}` : '/settings'} replace />;
}
