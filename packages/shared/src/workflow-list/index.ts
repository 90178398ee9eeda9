export * from './list-item.js';
export * from './list-query.js';
export * from './paths.js';
export * from './rank.js';
