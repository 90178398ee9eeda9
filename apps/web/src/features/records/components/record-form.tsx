import type { AnswerError, FieldDefinition, ObjectTypeDetail } from '@attest/shared';
import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllBusinessUnits, useRegions } from '../../workflow-list';
import { FieldInput, validateLocally } from '../../workflows';
import type { FieldErrorMap } from '../lib/server-field-errors';

export type RecordDraft = {
  values: Record<string, unknown>;
  regionId: number | null;
  businessUnitId: number | null;
};

type RecordFormProps = {
  objectType: ObjectTypeDetail;
  initial: RecordDraft;
  // The server's refusal: its errors by field tag and, when it named no field, its message.
  serverErrors: FieldErrorMap;
  serverMessage: ReactNode;
  submitting: boolean;
  submitLabel: string;
  onSubmit: (draft: RecordDraft) => void;
  onCancel: () => void;
  // Editing on the page (not in a dialog, which focuses itself): focus starts in the first input.
  focusFirst?: boolean;
};

const NO_ERRORS: readonly AnswerError[] = [];
// An object field is a workflow field with a one-segment tag (shared records/object-type-schema).
const asField = (field: ObjectTypeDetail['definition']['fields'][number]) =>
  field as unknown as FieldDefinition;

// A record's fields with the process page's own inputs and checks (plan §7): a value the server
// would refuse is named under its field before anything is sent; what only the server knows (a
// duplicate key, a place one may not use) comes back under the field or above the buttons.
export function RecordForm({
  objectType,
  initial,
  serverErrors,
  serverMessage,
  submitting,
  submitLabel,
  onSubmit,
  onCancel,
  focusFirst = false,
}: RecordFormProps) {
  const { t } = useTranslation();
  const { definition } = objectType;
  const [draft, setDraft] = useState<RecordDraft>(initial);
  const [localErrors, setLocalErrors] = useState<FieldErrorMap>({});
  const regions = useRegions();
  const units = useAllBusinessUnits(definition.has_business_unit);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusFirst) formRef.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, [focusFirst]);

  const setValue = (tag: string, value: unknown) => {
    setDraft((current) => ({ ...current, values: { ...current.values, [tag]: value } }));
    setLocalErrors((current) => ({ ...current, [tag]: NO_ERRORS }));
  };
  const errorsOf = (tag: string) => {
    const local = localErrors[tag];
    return local && local.length > 0 ? local : (serverErrors[tag] ?? NO_ERRORS);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrorMap = {};
    for (const field of definition.fields) {
      const errors = validateLocally(asField(field), draft.values[field.tag] ?? null);
      if (errors.length > 0) found[field.tag] = errors;
    }
    setLocalErrors(found);
    const first = definition.fields.find((f) => found[f.tag]);
    if (first) {
      // Focus goes to the first field to fix, as a screen reader user would otherwise not know.
      formRef.current
        ?.querySelector<HTMLElement>(
          `[data-field-tag="${first.tag}"] input, [data-field-tag="${first.tag}"] textarea`,
        )
        ?.focus();
      return;
    }
    onSubmit(draft);
  };

  const unitChoices = (units.data ?? []).filter(
    (unit) => draft.regionId === null || unit.region_id === draft.regionId,
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        {definition.has_region && (
          <Select
            label={t('records.region')}
            data={(regions.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
            value={draft.regionId === null ? null : String(draft.regionId)}
            onChange={(value) =>
              setDraft((current) => ({
                ...current,
                regionId: value ? Number(value) : null,
                businessUnitId: null,
              }))
            }
            error={serverErrors.region_id?.[0]?.message}
            clearable
            searchable
          />
        )}
        {definition.has_business_unit && (
          <Select
            label={t('records.businessUnit')}
            data={unitChoices.map((u) => ({ value: String(u.id), label: u.name }))}
            value={draft.businessUnitId === null ? null : String(draft.businessUnitId)}
            onChange={(value) =>
              setDraft((current) => ({ ...current, businessUnitId: value ? Number(value) : null }))
            }
            error={serverErrors.business_unit_id?.[0]?.message}
            clearable
            searchable
          />
        )}
        {definition.fields.map((field) => (
          <FieldInput
            key={field.tag}
            field={asField(field)}
            value={draft.values[field.tag]}
            onChange={(value) => setValue(field.tag, value)}
            onCommit={(value) => setValue(field.tag, value)}
            errors={errorsOf(field.tag)}
            // Object types have no workflow-bound fields (plan §1.1): no control reads it.
            workflowId={0}
          />
        ))}
        {serverMessage && (
          <Alert color="red" role="alert">
            {serverMessage}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {t('records.form.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// What changed between the record and the draft: an edit sends only those (null clears one).
export function changedValues(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changed: Record<string, unknown> = {};
  for (const tag of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[tag] ?? null) !== JSON.stringify(after[tag] ?? null))
      changed[tag] = after[tag] ?? null;
  }
  return changed;
}
