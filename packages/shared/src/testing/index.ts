// Demo content for the seed, tests and benchmarks (issue 13): its own entry, @attest/shared/testing,
// so the main entry and the web bundle never carry it.
export * from './demo-definitions.js';
export * from './large-definition.js';
export * from './studio-definition.js';
export * from './supplier-object-type.js';
