// The studio (issue 15). The structured diff and three-way merge of an app's processes serve the
// server (merging branches) and the designer (a diff side by side) alike.
export * from './api.js';
export { STUDIO_ITEM_TYPES, type StudioItemType } from './definition-tree.js';
export { type DefinitionChange, diffDefinitions, diffPackages, type ItemPlace } from './diff.js';
export { type MergeResult, mergePackages, resolveConflicts, UnresolvedMergeConflictsError } from './merge.js';
export * from './merge-api.js';
export type { MergeChoices, MergeConflict, MergeSide } from './merge-context.js';
export * from './moves-api.js';
export * from './package.js';
export * from './package-document.js';
export type { PropertyChange } from './property-diff.js';
export * from './settings-api.js';
export * from './studio-events.js';
export * from './test-workflows-api.js';
