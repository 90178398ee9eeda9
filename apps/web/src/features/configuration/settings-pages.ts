// The configuration feature's second public face (issue 19): its Settings pages. Kept apart from
// index.ts, which the boot imports on every page, so the pages load only with the settings chunk and
// never with the sign-in page (issue 14's first-load budget).
export { BrandingPage, type BrandingPageProps } from './components/branding-page';
export { GlobalSettingsPage } from './components/global-settings-page';
export { LanguagesPage } from './components/languages-page';
