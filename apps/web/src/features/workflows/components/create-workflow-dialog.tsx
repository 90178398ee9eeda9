import { CreateWorkflowRequestSchema, HttpError, WORKFLOW_NAME_MAX_LENGTH } from '@attest/shared';
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateWorkflow } from '../api/create-workflow';
import { useWorkflowKinds } from '../api/kinds';
import { useBusinessUnits, useRegions } from '../api/places';
import { actionErrorText } from '../utils/action-error-text';

export type ParentChoice = { id: number; name: string };

export type CreateWorkflowDialogProps = {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
  // The workflow the user is looking at, offered as the parent.
  parent?: ParentChoice | null;
};

type FieldKey = 'kind_id' | 'name' | 'region_id' | 'business_unit_id';

// Create a workflow of a kind (issue 4): kind, name, region, business unit of that region and,
// optionally, the workflow on screen as its parent.
export function CreateWorkflowDialog({ opened, onClose, onCreated, parent }: CreateWorkflowDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('process.create.title')} size="md" centered>
      {opened && <CreateWorkflowForm onClose={onClose} onCreated={onCreated} parent={parent ?? null} />}
    </Modal>
  );
}

type FormProps = { onClose: () => void; onCreated: (id: number) => void; parent: ParentChoice | null };

function CreateWorkflowForm({ onClose, onCreated, parent }: FormProps) {
  const { t } = useTranslation();
  const kinds = useWorkflowKinds();
  const regions = useRegions();
  const [kindId, setKindId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [regionId, setRegionId] = useState<string | null>(null);
  const [unitId, setUnitId] = useState<string | null>(null);
  const [asChild, setAsChild] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const units = useBusinessUnits(regionId === null ? null : Number(regionId));
  const create = useCreateWorkflow();

  const clear = (key: FieldKey) => setErrors(({ [key]: _, ...rest }) => rest);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<FieldKey, string>> = {};
    if (kindId === null) missing.kind_id = t('process.create.chooseKind');
    if (name.trim() === '') missing.name = t('process.create.enterName');
    if (regionId === null) missing.region_id = t('process.create.chooseRegion');
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const body = CreateWorkflowRequestSchema.parse({
      kind_id: Number(kindId),
      name: name.trim(),
      region_id: Number(regionId),
      business_unit_id: unitId === null ? null : Number(unitId),
      parent_id: asChild && parent ? parent.id : null,
    });
    create.mutate(body, {
      onSuccess: (detail) => onCreated(detail.id),
      onError: (error) => {
        const fieldErrors = error instanceof HttpError ? error.fieldErrors : undefined;
        if (!fieldErrors) return;
        setErrors(
          Object.fromEntries(
            Object.entries(fieldErrors).map(([key, messages]) => [key, messages.join(' ')]),
          ) as Partial<Record<FieldKey, string>>,
        );
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Select
          label={t('process.create.kind')}
          placeholder={t('process.create.kindPlaceholder')}
          data={(kinds.data ?? []).map((k) => ({ value: String(k.id), label: k.name }))}
          value={kindId}
          onChange={(value) => {
            setKindId(value);
            clear('kind_id');
          }}
          error={errors.kind_id ?? (kinds.isError ? kinds.error.message : undefined)}
          disabled={kinds.isPending}
          searchable
          required
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('process.create.name')}
          placeholder={t('process.create.namePlaceholder')}
          value={name}
          maxLength={WORKFLOW_NAME_MAX_LENGTH}
          onChange={(event) => {
            setName(event.currentTarget.value);
            clear('name');
          }}
          error={errors.name}
          required
        />
        <Select
          label={t('process.create.region')}
          placeholder={t('process.create.regionPlaceholder')}
          data={(regions.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
          value={regionId}
          onChange={(value) => {
            // A business unit belongs to one region: choosing a region clears it.
            setRegionId(value);
            setUnitId(null);
            clear('region_id');
          }}
          error={errors.region_id ?? (regions.isError ? regions.error.message : undefined)}
          disabled={regions.isPending}
          searchable
          required
        />
        <Select
          label={t('process.create.businessUnit')}
          placeholder={
            regionId === null ? t('process.create.regionFirst') : t('process.create.businessUnitPlaceholder')
          }
          data={(units.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
          value={unitId}
          onChange={(value) => {
            setUnitId(value);
            clear('business_unit_id');
          }}
          error={errors.business_unit_id}
          disabled={regionId === null || units.isPending}
          clearable
          searchable
        />
        {parent && (
          <Checkbox
            label={t('process.create.asChild', { name: parent.name })}
            checked={asChild}
            onChange={(event) => setAsChild(event.currentTarget.checked)}
          />
        )}
        {create.isError && (
          <Alert color="red" variant="light" role="alert">
            {actionErrorText(create.error, t)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('process.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
