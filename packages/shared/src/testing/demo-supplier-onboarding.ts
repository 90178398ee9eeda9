import type { WorkflowDefinition } from '../workflows/index.js';

// The acme demo's main process: a supplier is taken in, screened and risk-assessed, then approved or
// rejected by the risk committee (Draft -> In Review -> Approved / Rejected).
const INTAKE = 'supplier_onboarding__intake__details';
const SCREENING = 'supplier_onboarding__due_diligence__screening';
const RISK = 'supplier_onboarding__due_diligence__risk';
const SECURITY = 'supplier_onboarding__due_diligence__security';
const DECISION = 'supplier_onboarding__approval__decision';
const APPROVED = 'supplier_onboarding__approval__approved';
const REJECTED = 'supplier_onboarding__approval__rejected';

export const SUPPLIER_ONBOARDING_FIELDS = {
  supplierName: `${INTAKE}__supplier_name`,
  supplierRecord: `${INTAKE}__supplier_record`,
  website: `${INTAKE}__website`,
  country: `${INTAKE}__country`,
  category: `${INTAKE}__category`,
  annualSpend: `${INTAKE}__annual_spend`,
  contractStart: `${INTAKE}__contract_start`,
  certificate: `${INTAKE}__certificate`,
  contactEmail: `${INTAKE}__contact_email`,
  personalData: `${INTAKE}__processes_personal_data`,
  sanctionsResult: `${SCREENING}__sanctions_result`,
  sanctionsNotes: `${SCREENING}__sanctions_notes`,
  adverseMedia: `${SCREENING}__adverse_media`,
  riskAssessments: `${RISK}__risk_assessments`,
  inherentRisk: `${RISK}__inherent_risk`,
  dpaSigned: `${RISK}__dpa_signed`,
  securityReport: `${SECURITY}__soc2_report`,
  securityRating: `${SECURITY}__security_rating`,
  decision: `${DECISION}__decision`,
  rationale: `${DECISION}__rationale`,
  conditions: `${DECISION}__conditions`,
  approvalNote: `${APPROVED}__note`,
  rejectionNote: `${REJECTED}__note`,
} as const;
const F = SUPPLIER_ONBOARDING_FIELDS;

export const SUPPLIER_ONBOARDING_STEPS = {
  INTAKE,
  SCREENING,
  RISK,
  SECURITY,
  DECISION,
  APPROVED,
  REJECTED,
} as const;

// Jurisdictions under comprehensive sanctions programmes: any of them is a red flag on intake.
const HIGH_RISK_COUNTRIES = ['BY', 'CU', 'IR', 'KP', 'RU', 'SY'];

export const SUPPLIER_ONBOARDING_DEFINITION: WorkflowDefinition = {
  schema_version: 1,
  version: 1,
  kind: { tag: 'supplier_onboarding', name: 'Supplier Onboarding', icon: 'building-store' },
  statuses: [
    {
      tag: 'draft',
      display_name: 'Draft',
      display_name_translations: {
        ar: 'مسودة',
        de: 'Entwurf',
        es: 'Borrador',
        fr: 'Brouillon',
        ja: '下書き',
        he: 'טיוטה',
        'zh-Hans': '草稿',
        ko: '초안',
        nl: 'Concept',
        it: 'Bozza',
        pt: 'Rascunho',
      },
      color_code: '#868e96',
    },
    {
      tag: 'in_review',
      display_name: 'In Review',
      display_name_translations: {
        ar: 'قيد المراجعة',
        de: 'In Prüfung',
        es: 'En revisión',
        fr: 'En cours d’examen',
        ja: 'レビュー中',
        he: 'בבדיקה',
        'zh-Hans': '审核中',
        ko: '검토 중',
        nl: 'In beoordeling',
        it: 'In revisione',
        pt: 'Em revisão',
      },
      color_code: '#1c7ed6',
    },
    {
      tag: 'approved',
      display_name: 'Approved',
      display_name_translations: {
        ar: 'تمت الموافقة',
        de: 'Genehmigt',
        es: 'Aprobado',
        fr: 'Approuvé',
        ja: '承認済み',
        he: 'אושר',
        'zh-Hans': '已批准',
        ko: '승인됨',
        nl: 'Goedgekeurd',
        it: 'Approvato',
        pt: 'Aprovado',
      },
      color_code: '#2f9e44',
    },
    {
      tag: 'rejected',
      display_name: 'Rejected',
      display_name_translations: {
        ar: 'مرفوض',
        de: 'Abgelehnt',
        es: 'Rechazado',
        fr: 'Refusé',
        ja: '却下',
        he: 'נדחה',
        'zh-Hans': '已拒绝',
        ko: '거부됨',
        nl: 'Afgewezen',
        it: 'Rifiutato',
        pt: 'Rejeitado',
      },
      color_code: '#e03131',
    },
  ],
  initial_status: 'draft',
  step_groups: [
    {
      tag: 'supplier_onboarding__intake',
      name: 'Intake',
      steps: [
        {
          tag: INTAKE,
          name: 'Supplier details',
          assignees: { group_names: ['Procurement'] },
          sla_hours: 48,
          on_submit: { set_status: 'in_review' },
          fields: [
            {
              tag: F.supplierName,
              type: 'char_field',
              label: 'Supplier legal name',
              required: true,
              validation: { max_length: 200 },
            },
            // Issue 18: the supplier's record (the Supplier object type, deployed with the demo app),
            // shown as a link to it; optional, so an intake can name a supplier not yet on record.
            {
              tag: F.supplierRecord,
              type: 'data_object',
              label: 'Supplier record',
              help: 'The supplier in the supplier list, once it is there.',
              object_type_tag: 'supplier',
            },
            { tag: F.website, type: 'url', label: 'Website', placeholder: 'https://' },
            {
              tag: F.country,
              type: 'country_single_select',
              label: 'Country of incorporation',
              required: true,
            },
            {
              tag: F.category,
              type: 'single_select',
              label: 'Category',
              required: true,
              options: [
                { value: 'it_services', label: 'IT services' },
                { value: 'cloud_hosting', label: 'Cloud hosting' },
                { value: 'logistics', label: 'Logistics' },
                { value: 'raw_materials', label: 'Raw materials' },
                { value: 'professional_services', label: 'Professional services' },
                { value: 'facilities', label: 'Facilities' },
              ],
            },
            {
              tag: F.annualSpend,
              type: 'currency',
              label: 'Expected annual spend',
              required: true,
              validation: { min: 0, currencies: ['USD', 'EUR', 'GBP', 'CHF'] },
            },
            { tag: F.contractStart, type: 'naive_date', label: 'Contract start date', required: true },
            {
              tag: F.certificate,
              type: 'file',
              label: 'ISO 27001 or equivalent certificate',
              help: 'A PDF or a scan, up to 10 MB.',
              required: true,
              validation: { max_size_bytes: 10 * 1024 * 1024, allowed_types: ['application/pdf', 'image/*'] },
            },
            { tag: F.contactEmail, type: 'email', label: 'Supplier contact e-mail', required: true },
            {
              tag: F.personalData,
              type: 'bool',
              label: 'Will the supplier process personal data?',
              required: true,
            },
          ],
        },
      ],
    },
    {
      tag: 'supplier_onboarding__due_diligence',
      name: 'Due diligence',
      steps: [
        {
          tag: SCREENING,
          name: 'Sanctions and adverse media screening',
          assignees: { group_names: ['Compliance'] },
          sla_hours: 24,
          // Screened automatically when the step opens (modules/integrations on the server): the
          // connector pre-fills the result and notes from the intake's name and country, and
          // Compliance reviews them, adds the adverse-media check and submits.
          integration: { connector: 'sanctions_screening' },
          fields: [
            {
              tag: F.sanctionsResult,
              type: 'radio',
              label: 'Sanctions screening result',
              required: true,
              options: [
                { value: 'no_match', label: 'No match' },
                { value: 'potential_match', label: 'Potential match' },
                { value: 'confirmed_match', label: 'Confirmed match' },
              ],
            },
            {
              tag: F.sanctionsNotes,
              type: 'text',
              label: 'Screening notes',
              help: 'Which list matched and why it is, or is not, the same party.',
              required: true,
              visible_when: {
                field: F.sanctionsResult,
                op: 'in',
                value: ['potential_match', 'confirmed_match'],
              },
            },
            { tag: F.adverseMedia, type: 'bool', label: 'Adverse media found?', required: true },
          ],
        },
        {
          tag: RISK,
          name: 'Risk assessment',
          assignees: { group_names: ['Third-Party Risk'] },
          sla_hours: 120,
          fields: [
            {
              tag: F.riskAssessments,
              type: 'child_workflow',
              label: 'Risk assessments',
              help: 'Start one Risk Assessment per risk domain that applies.',
              required: true,
              child_kind_tag: 'risk_assessment',
            },
            {
              tag: F.inherentRisk,
              type: 'single_select',
              label: 'Inherent risk rating',
              required: true,
              options: [
                { value: 'low', label: 'Low' },
                { value: 'medium', label: 'Medium' },
                { value: 'high', label: 'High' },
              ],
            },
            {
              tag: F.dpaSigned,
              type: 'checkbox',
              label: 'A data processing agreement is signed',
              required: true,
              visible_when: { field: F.personalData, op: 'eq', value: true },
            },
          ],
        },
        {
          tag: SECURITY,
          name: 'Information security review',
          assignees: { group_names: ['Information Security'] },
          sla_hours: 72,
          // Only suppliers that touch our systems or data need a security review.
          visible_when: {
            any: [
              { field: F.category, op: 'in', value: ['it_services', 'cloud_hosting'] },
              { field: F.personalData, op: 'eq', value: true },
            ],
          },
          fields: [
            {
              tag: F.securityReport,
              type: 'multi_file',
              label: 'SOC 2 report or penetration test summary',
              required: true,
              validation: { max_files: 5, allowed_types: ['application/pdf'] },
            },
            {
              tag: F.securityRating,
              type: 'rating',
              label: 'Security posture',
              required: true,
              validation: { max: 5 },
            },
          ],
        },
      ],
    },
    {
      tag: 'supplier_onboarding__approval',
      name: 'Approval',
      steps: [
        {
          tag: DECISION,
          name: 'Risk committee decision',
          assignees: { group_names: ['Risk Committee'] },
          sla_hours: 72,
          // The decision opens one of two closing steps; each sets its own final status.
          enables: [APPROVED, REJECTED],
          fields: [
            {
              tag: F.decision,
              type: 'radio',
              label: 'Decision',
              required: true,
              options: [
                { value: 'approve', label: 'Approve' },
                { value: 'reject', label: 'Reject' },
              ],
            },
            {
              tag: F.rationale,
              type: 'text',
              label: 'Rationale',
              required: true,
              validation: { min_length: 20 },
            },
            {
              tag: F.conditions,
              type: 'text',
              label: 'Conditions of approval',
              visible_when: { field: F.decision, op: 'eq', value: 'approve' },
            },
          ],
        },
        {
          tag: APPROVED,
          name: 'Notify procurement of approval',
          visible_when: { field: F.decision, op: 'eq', value: 'approve' },
          on_submit: { set_status: 'approved' },
          enables: [],
          fields: [{ tag: F.approvalNote, type: 'text', label: 'Note to procurement' }],
        },
        {
          tag: REJECTED,
          name: 'Notify the supplier of rejection',
          visible_when: { field: F.decision, op: 'eq', value: 'reject' },
          on_submit: { set_status: 'rejected' },
          fields: [{ tag: F.rejectionNote, type: 'text', label: 'Message to the supplier', required: true }],
        },
      ],
    },
  ],
  alert_rules: [
    {
      tag: 'sanctions_confirmed',
      when: { field: F.sanctionsResult, op: 'eq', value: 'confirmed_match' },
      cat_color_label: 'R',
      alert_tag: 'sanctions_hit',
      field: F.sanctionsResult,
    },
    {
      tag: 'sanctions_potential',
      when: { field: F.sanctionsResult, op: 'eq', value: 'potential_match' },
      cat_color_label: 'A',
      alert_tag: 'sanctions_potential_match',
      field: F.sanctionsResult,
    },
    {
      tag: 'high_risk_jurisdiction',
      when: { field: F.country, op: 'in', value: HIGH_RISK_COUNTRIES },
      cat_color_label: 'R',
      alert_tag: 'high_risk_jurisdiction',
      field: F.country,
    },
    {
      tag: 'adverse_media',
      when: { field: F.adverseMedia, op: 'eq', value: true },
      cat_color_label: 'A',
      alert_tag: 'adverse_media',
      field: F.adverseMedia,
    },
    {
      tag: 'high_inherent_risk',
      when: { field: F.inherentRisk, op: 'eq', value: 'high' },
      cat_color_label: 'R',
      alert_tag: 'high_inherent_risk',
      step: RISK,
    },
    {
      tag: 'material_spend',
      when: { field: F.annualSpend, op: 'gte', value: 1_000_000 },
      cat_color_label: 'A',
      alert_tag: 'material_spend',
      field: F.annualSpend,
    },
    {
      tag: 'low_risk_supplier',
      when: {
        all: [
          { field: F.inherentRisk, op: 'eq', value: 'low' },
          { field: F.sanctionsResult, op: 'eq', value: 'no_match' },
          { field: F.adverseMedia, op: 'eq', value: false },
        ],
      },
      cat_color_label: 'G',
      alert_tag: 'low_risk',
      step: RISK,
    },
  ],
};
