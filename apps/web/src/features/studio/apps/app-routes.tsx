import { useParams } from 'react-router';
import { AppPage } from './app-page';
import { AppsListPage } from './apps-list-page';

// The route components of the app list and the app page (issue 15), loaded lazily by the router.
function idParam(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function StudioAppsRoute() {
  return <AppsListPage />;
}

// /studio/apps/:id, /studio/apps/:id/:branch, /studio/apps/:id/:branch/:savepoint.
export function StudioAppRoute() {
  const params = useParams();
  const appId = idParam(params.id);
  const savepointId = params.savepoint === undefined ? undefined : idParam(params.savepoint);
  if (appId === null || savepointId === null) return <AppPage appId={0} />;
  return (
    <AppPage
      key={`${appId}/${params.branch ?? ''}/${savepointId ?? ''}`}
      appId={appId}
      branchName={params.branch}
      savepointId={savepointId}
    />
  );
}
