export * from './api.js';
export * from './highlight.js';
export * from './terms.js';
