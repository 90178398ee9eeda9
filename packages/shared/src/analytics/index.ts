export * from './analytics-batch.js';
export * from './analytics-events.js';
export * from './telemetry-settings.js';
