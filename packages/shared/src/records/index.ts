// Records (issue 18): object types designed in the studio, their records, links and activity. The
// server's records module and the web's records feature both read these.
export * from './catalogue.js';
export * from './messages.js';
export * from './object-type-schema.js';
export * from './record-api.js';
