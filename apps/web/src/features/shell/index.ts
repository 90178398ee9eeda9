// The shell feature's public face (issue 13): the header and the impersonation banner.
export { AppHeader } from './components/app-header';
export { ImpersonationBanner } from './components/impersonation-banner';
export { headerHeight } from './lib/header-layout';
