// The records module's public face (issue 18).
export {
  type PublishedObjectType,
  publishedObjectTypeTags,
  publishObjectType,
} from './publish-object-type.js';
// Records and object types read API (slice 3), registered by app.ts.
export { recordsRoutes } from './records.routes.js';
