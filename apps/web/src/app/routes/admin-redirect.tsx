import { useEffect } from 'react';
import { FullPageLoader } from '../../components/full-page-loader';

// Spec 2 section 2.6: the admin area is served by the backend, so this is a full-page navigation.
export function AdminRedirect() {
  useEffect(() => {
    window.location.assign(`${window.location.origin}/admin/`);
  }, []);
  return <FullPageLoader />;
}
