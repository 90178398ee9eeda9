// The preferences module's public face: what the rest of the server may use.
export { preferencesRoutes } from './preferences.routes.js';
