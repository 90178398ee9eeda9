// The records module's public face (issue 18).
export {
  type PublishedObjectType,
  publishedObjectTypeTags,
  publishObjectType,
} from './publish-object-type.js';
