import type { BatchImportState } from '@attest/shared';

// Plan §4: upload -> map -> preview -> run -> done; the stepper's place for each state.
export const IMPORT_STEPS = ['upload', 'map', 'preview', 'run', 'done'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

const STEP_OF_STATE: Record<BatchImportState, ImportStep> = {
  parsing: 'upload',
  parsed: 'map',
  validating: 'preview',
  validated: 'preview',
  queued: 'run',
  running: 'run',
  finished: 'done',
  failed: 'done',
  undoing: 'done',
  undone: 'done',
};

export const stepOfState = (state: BatchImportState): ImportStep => STEP_OF_STATE[state];
export const stepIndex = (step: ImportStep) => IMPORT_STEPS.indexOf(step);
