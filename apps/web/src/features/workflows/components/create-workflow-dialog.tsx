import { CreateWorkflowRequestSchema, HttpError, WORKFLOW_NAME_MAX_LENGTH } from '@attest/shared';
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppSelect } from '../../../components/app-select';
import { IsolatedText, isolate } from '../../../components/user-text';
import { useCreatableKinds } from '../api/creatable-kinds';
import { useCreateWorkflow } from '../api/create-workflow';
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
// optionally, the workflow on screen as its parent. Only what the person may create is offered
// (issue 14): the kinds, and for the chosen kind the regions and business units, that the server's
// create rule allows; a single choice is made for them.
export function CreateWorkflowDialog({ opened, onClose, onCreated, parent }: CreateWorkflowDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('process.create.title')} size="md" centered>
      {opened && <CreateWorkflowForm onClose={onClose} onCreated={onCreated} parent={parent ?? null} />}
    </Modal>
  );
}

type FormProps = { onClose: () => void; onCreated: (id: number) => void; parent: ParentChoice | null };

// The one choice when there is only one; otherwise none yet.
const only = <T extends { id: number }>(items: readonly T[]) =>
  items.length === 1 && items[0] ? String(items[0].id) : null;

function CreateWorkflowForm({ onClose, onCreated, parent }: FormProps) {
  const { t } = useTranslation();
  const kinds = useCreatableKinds();
  const [chosenKind, setKindId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [chosenRegion, setRegionId] = useState<string | null>(null);
  const [chosenUnit, setUnitId] = useState<string | null>(null);
  const [asChild, setAsChild] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const create = useCreateWorkflow();

  const kindList = kinds.data ?? [];
  const kindId = chosenKind ?? only(kindList);
  const regions = kindList.find((k) => String(k.id) === kindId)?.regions ?? [];
  const regionId = regions.some((r) => String(r.id) === chosenRegion) ? chosenRegion : only(regions);
  const region = regions.find((r) => String(r.id) === regionId);
  const units = region?.business_units ?? [];
  // Without full access to the region itself, only its business units may be chosen.
  const unitRequired = region !== undefined && !region.without_business_unit;
  const unitId = units.some((u) => String(u.id) === chosenUnit)
    ? chosenUnit
    : unitRequired
      ? only(units)
      : null;

  const clear = (key: FieldKey) => setErrors(({ [key]: _, ...rest }) => rest);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<FieldKey, string>> = {};
    if (kindId === null) missing.kind_id = t('process.create.chooseKind');
    if (name.trim() === '') missing.name = t('process.create.enterName');
    if (regionId === null) missing.region_id = t('process.create.chooseRegion');
    else if (unitRequired && unitId === null)
      missing.business_unit_id = t('process.create.chooseBusinessUnit');
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
        <AppSelect
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
          loading={kinds.isLoading}
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
        <AppSelect
          label={t('process.create.region')}
          placeholder={t('process.create.regionPlaceholder')}
          data={regions.map((r) => ({ value: String(r.id), label: r.name }))}
          value={regionId}
          onChange={(value) => {
            // A business unit belongs to one region: choosing a region clears it.
            setRegionId(value);
            setUnitId(null);
            clear('region_id');
          }}
          error={errors.region_id}
          disabled={kindId === null}
          searchable
          required
        />
        <AppSelect
          label={t('process.create.businessUnit')}
          placeholder={
            regionId === null
              ? t('process.create.regionFirst')
              : unitRequired
                ? t('process.create.businessUnitRequired')
                : t('process.create.businessUnitPlaceholder')
          }
          data={units.map((u) => ({ value: String(u.id), label: u.name }))}
          value={unitId}
          onChange={(value) => {
            setUnitId(value);
            clear('business_unit_id');
          }}
          error={errors.business_unit_id}
          disabled={regionId === null}
          required={unitRequired}
          clearable={!unitRequired}
          searchable
        />
        {parent && (
          <Checkbox
            label={<IsolatedText text={t('process.create.asChild', { name: isolate(parent.name) })} />}
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
