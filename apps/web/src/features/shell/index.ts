// The shell feature's public face (issue 13): the header and the impersonation banner.
export { AppHeader } from './components/app-header';
export { HeaderNav } from './components/header-nav';
export { HeaderPreview, type HeaderPreviewProps } from './components/header-preview';
export { ImpersonationBanner } from './components/impersonation-banner';
export { MaintenanceBanner } from './components/maintenance-banner';
export { headerHeight } from './lib/header-layout';
export { badgeText, navItems } from './lib/nav-items';
