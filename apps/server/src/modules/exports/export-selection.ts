import {
  countSelected as countListSelected,
  type ListSelection,
  type ListSelectionInput,
  listSelection,
} from '../workflow-list/index.js';

// The workflows an export holds are the list's selection for the same filters (workflow-list's
// listSelection): the selection is the list's rule, not the export's.
export type ExportSelectionInput = ListSelectionInput;
export type ExportScope = ListSelection;
export const exportScope = listSelection;

// The list's count (the job's rows written replace an estimate when the file is finished).
export const countSelected = countListSelected;
