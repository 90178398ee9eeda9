export * from './actions-api.js';
export * from './api.js';
