// The workflows feature's public face (issue 13): what the main chunk needs (the query keys and
// the new-workflow button). The process pages stay out; the app loads them lazily.
export { workflowKeys } from './api/workflow-keys';
// Issue 18 (plan §7): one renderer for workflow answers and record values; the records feature,
// itself loaded lazily, shows and edits a record's fields with these.
export { FieldControl } from './components/fields/field-control';
export { FieldInput, validateLocally } from './components/fields/field-input';
export { NewWorkflowButton } from './components/new-workflow-button';
