// Issue 16: the home page (spec 2 §1, §3.9, §5): its configuration, the shortcut rules and the API.
export * from './api.js';
export * from './config.js';
export * from './convert.js';
