// The configuration feature's public face (issue 13): the tenant configuration the boot reads.
export { MaintenanceError, type MaintenanceNotice, maintenanceNotice } from './api/configuration-errors';
export { configurationQueryOptions, useConfigurationQuery } from './api/get-configuration';
export { useConfiguration } from './api/use-configuration';
