export * from './api.js';
export * from './subscriptions.js';
export * from './tokens.js';
