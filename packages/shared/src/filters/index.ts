export * from './catalogue.js';
export * from './condition-group.js';
export * from './date-stamps.js';
export * from './operators.js';
export * from './relative-time.js';
export * from './validate-condition-group.js';
