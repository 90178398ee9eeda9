// The process views (issue 4), loaded as one chunk when a workflow is opened.
export { ProcessPage } from '../../features/workflows/components/process-page';
export { ProgressMapPage } from '../../features/workflows/components/progress-map-page';
export { WizardPage } from '../../features/workflows/components/wizard-page';
