import { useMatches } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { isRouteHandle } from '../router/route-handle';

export function ComingSoonRoute() {
  const handle = useMatches().at(-1)?.handle;
  return <ComingSoon area={isRouteHandle(handle) && handle.area ? handle.area : 'home'} />;
}
