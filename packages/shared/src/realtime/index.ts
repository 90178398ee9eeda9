export * from './api.js';
export * from './channels.js';
export * from './events.js';
