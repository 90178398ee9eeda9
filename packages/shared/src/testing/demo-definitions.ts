import type { WorkflowDefinition } from '../workflows/index.js';
import { CONTRACT_REVIEW_DEFINITION } from './demo-contract-review.js';
import { RISK_ASSESSMENT_DEFINITION } from './demo-risk-assessment.js';
import { SUPPLIER_ONBOARDING_DEFINITION } from './demo-supplier-onboarding.js';

export { CONTRACT_REVIEW_DEFINITION, CONTRACT_REVIEW_FIELDS } from './demo-contract-review.js';
export { RISK_ASSESSMENT_DEFINITION, RISK_ASSESSMENT_FIELDS } from './demo-risk-assessment.js';
export {
  SUPPLIER_ONBOARDING_DEFINITION,
  SUPPLIER_ONBOARDING_FIELDS,
  SUPPLIER_ONBOARDING_STEPS,
} from './demo-supplier-onboarding.js';

// The third-party-risk set the server seeds for the demo tenant acme (issue 4). Risk Assessment is
// listed before Supplier Onboarding, whose child_workflow field starts it.
export const DEMO_WORKFLOW_DEFINITIONS: readonly WorkflowDefinition[] = [
  RISK_ASSESSMENT_DEFINITION,
  SUPPLIER_ONBOARDING_DEFINITION,
  CONTRACT_REVIEW_DEFINITION,
];
