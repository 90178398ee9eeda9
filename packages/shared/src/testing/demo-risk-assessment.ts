import type { WorkflowDefinition } from '../workflows/index.js';

// A child of Supplier Onboarding: one assessment per risk domain, scored on likelihood and impact,
// with the controls in place, then reviewed (spec 4.1 display values not_reviewed -> reviewed).
const SCOPE = 'risk_assessment__scoping__scope';
const SCORING = 'risk_assessment__evaluation__scoring';
const SIGN_OFF = 'risk_assessment__review__sign_off';

export const RISK_ASSESSMENT_FIELDS = {
  domain: `${SCOPE}__risk_domain`,
  description: `${SCOPE}__description`,
  location: `${SCOPE}__location`,
  likelihood: `${SCORING}__likelihood`,
  impact: `${SCORING}__impact`,
  controls: `${SCORING}__controls`,
  residualRisk: `${SCORING}__residual_risk`,
  evidence: `${SCORING}__evidence`,
  reviewerComments: `${SIGN_OFF}__reviewer_comments`,
  reviewDate: `${SIGN_OFF}__review_date`,
  nextReview: `${SIGN_OFF}__next_review`,
} as const;
const F = RISK_ASSESSMENT_FIELDS;

export const RISK_ASSESSMENT_DEFINITION: WorkflowDefinition = {
  schema_version: 1,
  version: 1,
  kind: { tag: 'risk_assessment', name: 'Risk Assessment', icon: 'shield-check' },
  statuses: [
    {
      tag: 'not_reviewed',
      display_name: 'Not reviewed',
      display_name_translations: {
        ar: 'لم تتم المراجعة',
        de: 'Nicht geprüft',
        es: 'Sin revisar',
        fr: 'Non examiné',
        ja: '未レビュー',
        he: 'לא נבדק',
        'zh-Hans': '未审核',
        ko: '검토되지 않음',
        nl: 'Niet beoordeeld',
        it: 'Non revisionato',
        pt: 'Não revisado',
      },
      color_code: '#868e96',
    },
    {
      tag: 'in_progress',
      display_name: 'In progress',
      display_name_translations: {
        ar: 'قيد التنفيذ',
        de: 'In Bearbeitung',
        es: 'En curso',
        fr: 'En cours',
        ja: '進行中',
        he: 'בתהליך',
        'zh-Hans': '进行中',
        ko: '진행 중',
        nl: 'In behandeling',
        it: 'In corso',
        pt: 'Em andamento',
      },
      color_code: '#f08c00',
    },
    {
      tag: 'reviewed',
      display_name: 'Reviewed',
      display_name_translations: {
        ar: 'تمت المراجعة',
        de: 'Geprüft',
        es: 'Revisado',
        fr: 'Examiné',
        ja: 'レビュー済み',
        he: 'נבדק',
        'zh-Hans': '已审核',
        ko: '검토됨',
        nl: 'Beoordeeld',
        it: 'Revisionato',
        pt: 'Revisado',
      },
      color_code: '#2f9e44',
    },
  ],
  initial_status: 'not_reviewed',
  step_groups: [
    {
      tag: 'risk_assessment__scoping',
      name: 'Scoping',
      steps: [
        {
          tag: SCOPE,
          name: 'Scope',
          assignees: { group_names: ['Third-Party Risk'] },
          sla_hours: 24,
          on_submit: { set_status: 'in_progress' },
          fields: [
            {
              tag: F.domain,
              type: 'single_select',
              label: 'Risk domain',
              required: true,
              options: [
                { value: 'information_security', label: 'Information security' },
                { value: 'data_privacy', label: 'Data privacy' },
                { value: 'financial', label: 'Financial' },
                { value: 'operational', label: 'Operational resilience' },
                { value: 'compliance', label: 'Regulatory compliance' },
                { value: 'esg', label: 'ESG' },
              ],
            },
            {
              tag: F.description,
              type: 'text',
              label: 'What could go wrong',
              required: true,
              validation: { max_length: 4000 },
            },
            {
              tag: F.location,
              type: 'cascader',
              label: 'Where the service is delivered',
              cascader_options: [
                {
                  value: 'emea',
                  label: 'Europe, Middle East and Africa',
                  children: [
                    { value: 'eu', label: 'European Union' },
                    { value: 'uk', label: 'United Kingdom' },
                    { value: 'mea', label: 'Middle East and Africa' },
                  ],
                },
                {
                  value: 'americas',
                  label: 'Americas',
                  children: [
                    { value: 'north_america', label: 'North America' },
                    { value: 'latam', label: 'Latin America' },
                  ],
                },
                { value: 'apac', label: 'Asia Pacific' },
              ],
            },
          ],
        },
      ],
    },
    {
      tag: 'risk_assessment__evaluation',
      name: 'Evaluation',
      steps: [
        {
          tag: SCORING,
          name: 'Scoring and controls',
          assignees: { group_names: ['Third-Party Risk'] },
          sla_hours: 72,
          fields: [
            {
              tag: F.likelihood,
              type: 'slider',
              label: 'Likelihood',
              required: true,
              validation: { min: 1, max: 5, step: 1 },
            },
            { tag: F.impact, type: 'rating', label: 'Impact', required: true, validation: { max: 5 } },
            {
              tag: F.controls,
              type: 'grouped_checkbox',
              label: 'Controls in place',
              options: [
                { value: 'mfa', label: 'Multi-factor authentication', group: 'Access control' },
                {
                  value: 'least_privilege',
                  label: 'Least-privilege access reviews',
                  group: 'Access control',
                },
                { value: 'encryption_at_rest', label: 'Encryption at rest', group: 'Data protection' },
                { value: 'dlp', label: 'Data loss prevention', group: 'Data protection' },
                { value: 'bcp_tested', label: 'Business continuity plan tested yearly', group: 'Resilience' },
                { value: 'backup_offsite', label: 'Off-site backups', group: 'Resilience' },
              ],
            },
            {
              tag: F.residualRisk,
              type: 'radio',
              label: 'Residual risk',
              required: true,
              options: [
                { value: 'low', label: 'Low' },
                { value: 'medium', label: 'Medium' },
                { value: 'high', label: 'High' },
              ],
            },
            { tag: F.evidence, type: 'attachment', label: 'Evidence', validation: { max_files: 10 } },
          ],
        },
      ],
    },
    {
      tag: 'risk_assessment__review',
      name: 'Review',
      steps: [
        {
          tag: SIGN_OFF,
          name: 'Second-line review',
          assignees: { group_names: ['Risk Committee'] },
          sla_hours: 48,
          on_submit: { set_status: 'reviewed' },
          fields: [
            { tag: F.reviewerComments, type: 'text', label: 'Reviewer comments' },
            { tag: F.reviewDate, type: 'naive_date', label: 'Review date', required: true },
            { tag: F.nextReview, type: 'relative_date', label: 'Review again in', placeholder: '12M' },
          ],
        },
      ],
    },
  ],
  alert_rules: [
    {
      tag: 'high_residual_risk',
      when: { field: F.residualRisk, op: 'eq', value: 'high' },
      cat_color_label: 'R',
      alert_tag: 'high_residual_risk',
      field: F.residualRisk,
    },
    {
      tag: 'severe_impact',
      when: {
        all: [
          { field: F.impact, op: 'gte', value: 4 },
          { field: F.likelihood, op: 'gte', value: 3 },
        ],
      },
      cat_color_label: 'A',
      alert_tag: 'severe_impact',
      step: SCORING,
    },
    {
      tag: 'no_controls',
      when: {
        all: [
          { field: F.controls, op: 'is_empty' },
          { field: F.residualRisk, op: 'is_set' },
        ],
      },
      cat_color_label: 'A',
      alert_tag: 'no_controls_recorded',
      field: F.controls,
    },
  ],
};
