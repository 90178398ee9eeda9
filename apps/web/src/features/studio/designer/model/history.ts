import type { WorkflowDefinition } from '@attest/shared';
import { applyCommand, type DesignerCommand } from './commands';

// How many earlier definitions undo can go back to. Each shares all but the changed path with its
// neighbour, so even at 3,000 fields a hundred of them cost little memory.
export const HISTORY_LIMIT = 100;

export type DesignerState = {
  past: WorkflowDefinition[];
  present: WorkflowDefinition;
  future: WorkflowDefinition[];
  // Typing into one input makes one undo step: consecutive commands with the same key merge.
  lastKey: string | undefined;
  // Bumped by every change, so autosave knows there is something to save.
  changes: number;
};

export type DesignerAction =
  | { type: 'command'; command: DesignerCommand; mergeKey?: string }
  | { type: 'undo' }
  | { type: 'redo' }
  // A fresh definition from the server (a reload after a stale save): history starts again.
  | { type: 'reset'; definition: WorkflowDefinition };

export function initialDesignerState(definition: WorkflowDefinition): DesignerState {
  return { past: [], present: definition, future: [], lastKey: undefined, changes: 0 };
}

export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  switch (action.type) {
    case 'command': {
      const present = applyCommand(state.present, action.command);
      if (present === state.present) return state;
      const merge = action.mergeKey !== undefined && action.mergeKey === state.lastKey;
      const past = merge ? state.past : [...state.past, state.present].slice(-HISTORY_LIMIT);
      return { past, present, future: [], lastKey: action.mergeKey, changes: state.changes + 1 };
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        past: state.past.slice(0, -1),
        present: previous,
        future: [state.present, ...state.future],
        lastKey: undefined,
        changes: state.changes + 1,
      };
    }
    case 'redo': {
      const [next, ...future] = state.future;
      if (!next) return state;
      return {
        past: [...state.past, state.present],
        present: next,
        future,
        lastKey: undefined,
        changes: state.changes + 1,
      };
    }
    case 'reset':
      return { ...initialDesignerState(action.definition), changes: state.changes + 1 };
  }
}
