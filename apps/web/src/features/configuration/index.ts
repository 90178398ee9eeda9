// The configuration feature's public face (issue 13): the tenant configuration the boot reads, and
// what Settings > Branding previews. The Settings pages have their own face, settings-pages.ts.
export { MaintenanceError, type MaintenanceNotice, maintenanceNotice } from './api/configuration-errors';
export { configurationQueryOptions, useConfigurationQuery } from './api/get-configuration';
export { useConfiguration } from './api/use-configuration';
export type { BrandingPreview } from './lib/branding-draft';
