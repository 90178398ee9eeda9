import { BADGE_ICONS, type BadgeDefinition, type BadgeIcon, HttpError } from '@attest/shared';
import {
  Alert,
  Button,
  ColorInput,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useCreateBadgeDefinition,
  useDeleteBadgeDefinition,
  useUpdateBadgeDefinition,
} from '../api/badge-definitions';
import { BadgeChip } from './badge-chip';
import { type BadgeDraft, createBody, draftErrors, draftOf, NEW_BADGE } from './badge-form';
import { BadgeIcon as BadgeIconView } from './badge-icon';
import { type LabelLanguage, LabelTranslations } from './label-translations';
import type { KindChoice, RenderRuleBuilder } from './rule-builder';

type Props = {
  // null: a new badge; otherwise the one being changed.
  definition: BadgeDefinition | null;
  opened: boolean;
  onClose: () => void;
  kinds: readonly KindChoice[];
  renderRuleBuilder: RenderRuleBuilder;
  canChange: boolean;
  // The tenant's offered languages besides its default, for the label's translations.
  languages?: readonly LabelLanguage[];
};

const SWATCHES = ['#1c7ed6', '#2f9e44', '#e03131', '#f08c00', '#7048e8', '#0c8599', '#495057', '#c2255c'];

// Create or change a badge: its look with a live preview, and the rule that awards it in the
// dashboard's condition builder. Only what the person may do is offered (archive and delete need
// 'can_change_badge_definitions').
export function BadgeEditor({
  definition,
  opened,
  onClose,
  kinds,
  renderRuleBuilder,
  canChange,
  languages = [],
}: Props) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<BadgeDraft>(definition ? draftOf(definition) : NEW_BADGE);
  const [tried, setTried] = useState(false);
  const create = useCreateBadgeDefinition();
  const update = useUpdateBadgeDefinition();
  const remove = useDeleteBadgeDefinition();
  const editing = definition !== null;
  const errors = draftErrors(draft);
  const shown = tried ? errors : {};
  const failure = create.error ?? update.error ?? remove.error;
  const set = (changes: Partial<BadgeDraft>) => setDraft((d) => ({ ...d, ...changes }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    const body = createBody(draft);
    if (definition) {
      const { tag: _tag, ...changes } = body;
      update.mutate({ id: definition.id, ...changes }, { onSuccess: onClose });
    } else {
      create.mutate(body, { onSuccess: onClose });
    }
  };
  const archive = (archived: boolean) => {
    if (definition) update.mutate({ id: definition.id, archived }, { onSuccess: onClose });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('badges.form.close') }}
      // The rule's field, operator and value side by side on one line.
      size="52rem"
      radius="md"
      title={t(editing ? 'badges.form.editTitle' : 'badges.form.createTitle')}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('badges.form.tag')}
              description={t('badges.form.tagHint')}
              required
              disabled={editing}
              value={draft.tag}
              onChange={(e) => set({ tag: e.currentTarget.value })}
              error={shown.tag ? t(shown.tag) : null}
              data-autofocus
              // A code, read left to right in every language.
              dir="ltr"
              styles={{ input: { textAlign: i18n.dir() === 'rtl' ? 'right' : undefined } }}
            />
            <TextInput
              label={t('badges.form.label')}
              required
              maxLength={60}
              value={draft.label}
              onChange={(e) => set({ label: e.currentTarget.value })}
              error={shown.label ? t(shown.label) : null}
            />
            <ColorInput
              label={t('badges.form.colour')}
              required
              format="hex"
              withEyeDropper={false}
              swatches={SWATCHES}
              // '#1c7ed6' reads left to right in every language; the box keeps its own direction, so
              // the swatch keeps its room.
              styles={{
                input: { unicodeBidi: 'plaintext', textAlign: i18n.dir() === 'rtl' ? 'right' : undefined },
              }}
              value={draft.colour}
              onChange={(colour) => set({ colour })}
              error={shown.colour ? t(shown.colour) : null}
            />
            <Select
              label={t('badges.form.icon')}
              data={BADGE_ICONS.map((icon) => ({ value: icon, label: t(`badges.icons.${icon}`) }))}
              value={draft.icon}
              allowDeselect={false}
              leftSection={<BadgeIconView name={draft.icon} size={16} />}
              renderOption={({ option }) => (
                <Group gap="xs" wrap="nowrap">
                  <BadgeIconView name={option.value as BadgeIcon} size={16} />
                  <span>{option.label}</span>
                </Group>
              )}
              onChange={(icon) => icon && set({ icon: icon as BadgeIcon })}
            />
            <Select
              label={t('badges.form.kind')}
              description={t('badges.form.kindHint')}
              data={[
                { value: '', label: t('badges.form.everyKind') },
                ...kinds.map((k) => ({ value: String(k.id), label: k.name })),
              ]}
              value={draft.kindId === null ? '' : String(draft.kindId)}
              allowDeselect={false}
              onChange={(value) => set({ kindId: value ? Number(value) : null })}
            />
            <Stack gap={4}>
              <Text fz="sm" fw={500} id="badge-preview-label">
                {t('badges.form.preview')}
              </Text>
              <Paper withBorder radius="md" p="sm" aria-labelledby="badge-preview-label">
                <BadgeChip
                  size="md"
                  badge={{
                    tag: draft.tag,
                    label: draft.label.trim() || t('badges.form.previewPlaceholder'),
                    colour: errors.colour ? '#868e96' : draft.colour,
                    icon: draft.icon,
                  }}
                />
              </Paper>
            </Stack>
          </SimpleGrid>
          <LabelTranslations
            languages={languages}
            fallback={draft.label.trim() || t('badges.form.previewPlaceholder')}
            value={draft.translations}
            onChange={(translations) => set({ translations })}
          />
          <Stack gap={4}>
            <Text fz="sm" fw={600}>
              {t('badges.form.rule')}
            </Text>
            <Text fz="xs" c="dimmed">
              {t('badges.form.ruleHint')}
            </Text>
            {renderRuleBuilder({
              kindId: draft.kindId,
              value: draft.rule,
              onChange: (rule) => set({ rule }),
            })}
            {shown.rule ? (
              <Text fz="sm" c="red.8" role="alert">
                {t(shown.rule)}
              </Text>
            ) : null}
          </Stack>
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure instanceof HttpError && failure.message ? failure.message : t('badges.failed')}
            </Alert>
          ) : null}
          <Group justify="space-between">
            <Group gap="xs">
              {definition && canChange ? (
                <>
                  <Button
                    variant="default"
                    onClick={() => archive(!definition.archived)}
                    loading={update.isPending}
                  >
                    {t(definition.archived ? 'badges.restore' : 'badges.archive')}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    loading={remove.isPending}
                    onClick={() => remove.mutate(definition.id, { onSuccess: onClose })}
                  >
                    {t('badges.delete')}
                  </Button>
                </>
              ) : null}
            </Group>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending || update.isPending}>
                {t(editing ? 'badges.form.save' : 'badges.form.create')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
