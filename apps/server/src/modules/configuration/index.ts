// The configuration module's public face: what the rest of the server may use.
export { configurationRepository } from './configuration.repository.js';
export { configurationRoutes } from './configuration.routes.js';
export { globalSettingsRoutes } from './global-settings.routes.js';
