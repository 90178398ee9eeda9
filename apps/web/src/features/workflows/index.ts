// The workflows feature's public face (issue 13): what the main chunk needs (the query keys and
// the new-workflow button). The process pages stay out; the app loads them lazily.
export { workflowKeys } from './api/workflow-keys';
export { NewWorkflowButton } from './components/new-workflow-button';
