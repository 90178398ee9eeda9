export * from './api.js';
export * from './client-config.js';
export * from './config.js';
export * from './format/index.js';
export * from './helper-columns.js';
export * from './other-configurations.js';
export * from './sources.js';
