import { PLACE_NAME_MAX } from '@attest/shared';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';

export type PlaceNameModalProps = {
  opened: boolean;
  title: string;
  label: string;
  submitLabel: string;
  initial?: string;
  pending: boolean;
  error: Error | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
};

// One name, for creating or renaming a region or a business unit. The server decides uniqueness
// (regardless of case) and says so under the field.
export function PlaceNameModal(props: PlaceNameModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      radius="md"
      closeButtonProps={{ 'aria-label': t('admin.places.close') }}
    >
      {props.opened && <NameForm key={props.initial ?? ''} {...props} />}
    </Modal>
  );
}

function NameForm({
  label,
  submitLabel,
  initial = '',
  pending,
  error,
  onSubmit,
  onClose,
}: PlaceNameModalProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(name.trim());
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label={label}
          required
          maxLength={PLACE_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error ? errorText(error, t) : null}
          description={t('admin.places.nameHint', { max: PLACE_NAME_MAX })}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending} disabled={!name.trim() || name.trim() === initial}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
