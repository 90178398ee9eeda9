// Badge definitions (issue 19): schemas, the icon list and the overflow rule, for both sides.
export * from './definitions.js';
export * from './icons.js';
