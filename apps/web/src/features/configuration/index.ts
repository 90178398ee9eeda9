// The configuration feature's public face (issue 13): the tenant configuration the boot reads, and
// (issue 19) Settings > Branding and Settings > Languages.
export { MaintenanceError, type MaintenanceNotice, maintenanceNotice } from './api/configuration-errors';
export { configurationQueryOptions, useConfigurationQuery } from './api/get-configuration';
export { useConfiguration } from './api/use-configuration';
export { BrandingPage, type BrandingPageProps } from './components/branding-page';
export { GlobalSettingsPage } from './components/global-settings-page';
export { LanguagesPage } from './components/languages-page';
export type { BrandingPreview } from './lib/branding-draft';
