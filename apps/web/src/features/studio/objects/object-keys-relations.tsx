import {
  isOneOf,
  MAX_OBJECT_RELATIONS,
  MAX_UNIQUE_KEY_FIELDS,
  MAX_UNIQUE_KEYS,
  type ObjectRelation,
  UNIQUE_KEY_FIELD_TYPES,
} from '@attest/shared';
import {
  ActionIcon,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IssueMessages } from '../designer/components/issue-messages';
import { removeAt, replaceAt } from '../designer/model/tree-edits';
import { type DesignerIssue, issuesFor } from '../designer/model/validation';
import type { ObjectDraft } from './object-model';

type Props = {
  draft: ObjectDraft;
  issues: readonly DesignerIssue[];
  readOnly: boolean;
  onChange: (edit: (draft: ObjectDraft) => ObjectDraft) => void;
};

// Unique keys: each a set of single-value fields whose values no two records share (plan §1.1).
export function UniqueKeysPanel({ draft, issues, readOnly, onChange }: Props) {
  const { t } = useTranslation();
  const choices = draft.fields
    .filter((f) => isOneOf(f.type, UNIQUE_KEY_FIELD_TYPES))
    .map((f) => ({ value: f.tag, label: f.label || f.tag }));
  const setKey = (index: number, key: string[]) =>
    onChange((d) => ({ ...d, unique_keys: replaceAt(d.unique_keys, index, key) }));
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm" role="group" aria-label={t('studio.objects.uniqueKeys')}>
        <Title order={2} size="h4">
          {t('studio.objects.uniqueKeys')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('studio.objects.uniqueKeysHelp')}
        </Text>
        {draft.unique_keys.map((key, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a key is addressed by its place
          <Group key={index} gap={4} wrap="nowrap" align="flex-start">
            <MultiSelect
              style={{ flex: 1 }}
              label={t('studio.objects.uniqueKey', { n: index + 1 })}
              data={choices}
              value={key}
              maxValues={MAX_UNIQUE_KEY_FIELDS}
              readOnly={readOnly}
              onChange={(tags) => setKey(index, tags)}
              error={issuesFor(issues, `unique_keys.${index}`)
                .map((i) => i.message)
                .join(' ')}
            />
            {!readOnly && (
              <ActionIcon
                mt={26}
                variant="subtle"
                color="red"
                aria-label={t('studio.objects.removeKey', { n: index + 1 })}
                onClick={() => onChange((d) => ({ ...d, unique_keys: removeAt(d.unique_keys, index) }))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
        <IssueMessages issues={issues.filter((i) => i.property === 'unique_keys')} />
        {!readOnly && draft.unique_keys.length < MAX_UNIQUE_KEYS && (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPlus size={14} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => onChange((d) => ({ ...d, unique_keys: [...d.unique_keys, []] }))}
          >
            {t('studio.objects.addKey')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

type Target = 'object' | 'kind';
const targetOf = (relation: ObjectRelation): Target => ('kind_tag' in relation.target ? 'kind' : 'object');
const targetTag = (relation: ObjectRelation): string =>
  'kind_tag' in relation.target ? relation.target.kind_tag : relation.target.object_type_tag;

// Relations: to records of an object type, or to the workflows of a process whose data_object
// fields name this type, shown on the record's tabs.
export function RelationsPanel({
  draft,
  issues,
  readOnly,
  onChange,
  objectTags,
  kindTags,
}: Props & { objectTags: readonly string[]; kindTags: readonly string[] }) {
  const { t } = useTranslation();
  const set = (index: number, relation: ObjectRelation) =>
    onChange((d) => ({ ...d, relations: replaceAt(d.relations, index, relation) }));
  const targets = [
    { value: 'object', label: t('studio.objects.targetObject') },
    { value: 'kind', label: t('studio.objects.targetKind') },
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm" role="group" aria-label={t('studio.objects.relations')}>
        <Title order={2} size="h4">
          {t('studio.objects.relations')}
        </Title>
        {draft.relations.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('studio.objects.noRelations')}
          </Text>
        )}
        {draft.relations.map((relation, index) => {
          const n = index + 1;
          const error = (property: string) =>
            issuesFor(issues, `relations.${index}.${property}`)
              .map((i) => i.message)
              .join(' ') || undefined;
          const kind = targetOf(relation);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a relation is addressed by its place
            <Paper key={index} withBorder p="xs" radius="sm">
              <Group gap="xs" align="flex-start" wrap="wrap">
                <TextInput
                  label={t('studio.objects.relationLabel', { n })}
                  value={relation.label}
                  readOnly={readOnly}
                  onChange={(e) => set(index, { ...relation, label: e.currentTarget.value })}
                  error={error('label')}
                />
                <TextInput
                  dir="ltr"
                  label={t('studio.objects.relationTag', { n })}
                  value={relation.tag}
                  readOnly={readOnly}
                  onChange={(e) => set(index, { ...relation, tag: e.currentTarget.value })}
                  error={error('tag')}
                />
                <Select
                  label={t('studio.objects.relationTarget', { n })}
                  data={targets}
                  value={kind}
                  allowDeselect={false}
                  readOnly={readOnly}
                  onChange={(value) =>
                    set(index, {
                      ...relation,
                      target:
                        value === 'kind'
                          ? { kind_tag: targetTag(relation) }
                          : { object_type_tag: targetTag(relation) },
                    })
                  }
                />
                <Autocomplete
                  dir="ltr"
                  label={t(
                    kind === 'kind' ? 'studio.objects.relationKind' : 'studio.objects.relationObject',
                    {
                      n,
                    },
                  )}
                  data={[...(kind === 'kind' ? kindTags : objectTags)]}
                  value={targetTag(relation)}
                  readOnly={readOnly}
                  onChange={(tag) =>
                    set(index, {
                      ...relation,
                      target: kind === 'kind' ? { kind_tag: tag } : { object_type_tag: tag },
                    })
                  }
                  error={error('target')}
                />
                <Checkbox
                  mt={30}
                  label={t('studio.objects.relationMany', { n })}
                  checked={relation.many}
                  disabled={readOnly}
                  onChange={(e) => set(index, { ...relation, many: e.currentTarget.checked })}
                />
                {!readOnly && (
                  <ActionIcon
                    mt={26}
                    variant="subtle"
                    color="red"
                    aria-label={t('studio.objects.removeRelation', { n })}
                    onClick={() => onChange((d) => ({ ...d, relations: removeAt(d.relations, index) }))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          );
        })}
        <IssueMessages issues={issues.filter((i) => i.property === 'relations')} />
        {!readOnly && draft.relations.length < MAX_OBJECT_RELATIONS && (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPlus size={14} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() =>
              onChange((d) => {
                const n = d.relations.length + 1;
                const relation: ObjectRelation = {
                  tag: `relation_${n}`,
                  label: t('studio.objects.relationDefault', { n }),
                  target: { object_type_tag: objectTags[0] ?? d.tag },
                  many: true,
                };
                return { ...d, relations: [...d.relations, relation] };
              })
            }
          >
            {t('studio.objects.addRelation')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
