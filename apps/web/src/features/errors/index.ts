// The errors feature's public face (issue 13): the error boundary and the status pages.
export { ErrorBoundary } from './components/error-boundary';
export { ErrorPage } from './components/error-page';
export { NotFoundPage } from './components/not-found-page';
export { ReloadRequiredPage } from './components/reload-required-page';
export { ServiceUnavailablePage } from './components/service-unavailable-page';
