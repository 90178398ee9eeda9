import type { WorkflowDefinition } from '../workflows/index.js';

// Legal review of a supplier contract: terms captured, clauses checked, then signed off.
const TERMS = 'contract_review__drafting__terms';
const CLAUSES = 'contract_review__legal__clauses';
const SIGN_OFF = 'contract_review__legal__sign_off';

export const CONTRACT_REVIEW_FIELDS = {
  counterparty: `${TERMS}__counterparty`,
  value: `${TERMS}__contract_value`,
  termMonths: `${TERMS}__term_months`,
  autoRenewal: `${TERMS}__auto_renewal`,
  noticeDays: `${TERMS}__notice_days`,
  governingLaw: `${TERMS}__governing_law`,
  document: `${TERMS}__contract_document`,
  checklist: `${CLAUSES}__clause_checklist`,
  liabilityCap: `${CLAUSES}__liability_cap`,
  gdprClause: `${CLAUSES}__gdpr_clause`,
  legalTags: `${CLAUSES}__legal_tags`,
  approver: `${SIGN_OFF}__approver_email`,
  signatoryPhone: `${SIGN_OFF}__signatory_phone`,
  signedAt: `${SIGN_OFF}__signed_at`,
  agreed: `${SIGN_OFF}__agreed`,
} as const;
const F = CONTRACT_REVIEW_FIELDS;

export const CONTRACT_REVIEW_DEFINITION: WorkflowDefinition = {
  schema_version: 1,
  version: 1,
  kind: { tag: 'contract_review', name: 'Contract Review', icon: 'file-certificate' },
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
      tag: 'in_legal_review',
      display_name: 'In legal review',
      display_name_translations: {
        ar: 'قيد المراجعة القانونية',
        de: 'In rechtlicher Prüfung',
        es: 'En revisión legal',
        fr: 'En examen juridique',
        ja: '法務レビュー中',
        he: 'בבדיקה משפטית',
        'zh-Hans': '法务审核中',
        ko: '법무 검토 중',
        nl: 'In juridische beoordeling',
        it: 'In revisione legale',
        pt: 'Em revisão jurídica',
      },
      color_code: '#1c7ed6',
    },
    {
      tag: 'signed',
      display_name: 'Signed',
      display_name_translations: {
        ar: 'موقّع',
        de: 'Unterzeichnet',
        es: 'Firmado',
        fr: 'Signé',
        ja: '署名済み',
        he: 'חתום',
        'zh-Hans': '已签署',
        ko: '서명됨',
        nl: 'Ondertekend',
        it: 'Firmato',
        pt: 'Assinado',
      },
      color_code: '#2f9e44',
    },
  ],
  initial_status: 'draft',
  step_groups: [
    {
      tag: 'contract_review__drafting',
      name: 'Drafting',
      steps: [
        {
          tag: TERMS,
          name: 'Commercial terms',
          assignees: { group_names: ['Procurement'] },
          sla_hours: 48,
          on_submit: { set_status: 'in_legal_review' },
          fields: [
            { tag: F.counterparty, type: 'char_field', label: 'Counterparty', required: true },
            {
              tag: F.value,
              type: 'currency',
              label: 'Total contract value',
              required: true,
              validation: { min: 0 },
            },
            {
              tag: F.termMonths,
              type: 'integer',
              label: 'Initial term (months)',
              required: true,
              validation: { min: 1, max: 120 },
            },
            { tag: F.autoRenewal, type: 'bool', label: 'Renews automatically?', required: true },
            {
              tag: F.noticeDays,
              type: 'integer',
              label: 'Notice period to stop renewal (days)',
              required: true,
              validation: { min: 0, max: 365 },
              visible_when: { field: F.autoRenewal, op: 'eq', value: true },
            },
            { tag: F.governingLaw, type: 'country_single_select', label: 'Governing law', required: true },
            {
              tag: F.document,
              type: 'file',
              label: 'Contract',
              required: true,
              validation: { allowed_types: ['.pdf', '.docx'] },
            },
          ],
        },
      ],
    },
    {
      tag: 'contract_review__legal',
      name: 'Legal review',
      steps: [
        {
          tag: CLAUSES,
          name: 'Clause review',
          assignees: { group_names: ['Legal'] },
          sla_hours: 120,
          fields: [
            {
              tag: F.checklist,
              type: 'table',
              label: 'Clause checklist',
              required: true,
              validation: { min_rows: 1, max_rows: 50 },
              columns: [
                { tag: 'clause', type: 'char_field', label: 'Clause', required: true },
                { tag: 'present', type: 'bool', label: 'Present', required: true },
                { tag: 'notes', type: 'text', label: 'Notes' },
              ],
            },
            { tag: F.liabilityCap, type: 'currency', label: 'Liability cap', validation: { min: 0 } },
            { tag: F.gdprClause, type: 'bool', label: 'GDPR Article 28 clause included?', required: true },
            { tag: F.legalTags, type: 'badge_tags', label: 'Tags', validation: { max_selections: 10 } },
          ],
        },
        {
          tag: SIGN_OFF,
          name: 'Sign-off',
          assignees: { group_names: ['Legal'] },
          sla_hours: 48,
          on_submit: { set_status: 'signed' },
          fields: [
            { tag: F.approver, type: 'email', label: 'Approving counsel', required: true },
            { tag: F.signatoryPhone, type: 'phone', label: 'Signatory phone' },
            { tag: F.signedAt, type: 'date', label: 'Signed at', required: true },
            {
              tag: F.agreed,
              type: 'checkbox',
              label: 'I confirm the contract matches the reviewed terms',
              required: true,
            },
          ],
        },
      ],
    },
  ],
  alert_rules: [
    {
      tag: 'no_gdpr_clause',
      when: { field: F.gdprClause, op: 'eq', value: false },
      cat_color_label: 'R',
      alert_tag: 'missing_gdpr_clause',
      field: F.gdprClause,
    },
    {
      tag: 'uncapped_liability',
      when: { field: F.liabilityCap, op: 'is_empty' },
      cat_color_label: 'A',
      alert_tag: 'uncapped_liability',
      step: CLAUSES,
    },
    {
      tag: 'auto_renewal',
      when: { field: F.autoRenewal, op: 'eq', value: true },
      cat_color_label: 'G',
      alert_tag: 'auto_renewal',
      field: F.autoRenewal,
    },
  ],
};
