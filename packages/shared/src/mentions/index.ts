export * from './api.js';
export * from './tokens.js';
