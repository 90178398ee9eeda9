// The exports feature's public face (issue 13): the workflow list's export button.
export { WorkflowExportButton } from './components/workflow-export-button';
