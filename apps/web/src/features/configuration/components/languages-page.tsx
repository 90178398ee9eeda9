import { findLocale, HttpError, type LanguageSettings } from '@attest/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notifications/toast';
import { useLanguageSettings, useUpdateLanguages } from '../api/languages';
import { failureText } from '../lib/failure-text';
import {
  addableLocales,
  addLanguage,
  isComplete,
  makeDefault,
  removeLanguage,
  sameSettings,
} from '../lib/language-choice';
import { SettingsPage } from './settings-page';
import { Section } from './settings-section';

// Settings > Languages (issue 19): which of the catalogue's locales people may choose in the
// language menu, and the one the sign-in page and new users start with.
export function LanguagesPage() {
  const { t } = useTranslation();
  return (
    <SettingsPage
      title={t('admin.languages.title')}
      description={t('admin.languages.description')}
      query={useLanguageSettings()}
    >
      {(saved) => <LanguagesForm saved={saved} />}
    </SettingsPage>
  );
}

function LanguagesForm({ saved }: { saved: LanguageSettings }) {
  const { t } = useTranslation();
  const save = useUpdateLanguages();
  const [draft, setDraft] = useState(saved);
  const [adding, setAdding] = useState<string | null>(null);
  const dirty = !sameSettings(draft, saved);
  const serverErrors = save.error instanceof HttpError ? save.error.fieldErrors : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft, {
      onSuccess: (result) => {
        setDraft(result);
        toast.success('admin.saved');
      },
    });
  };

  const add = () => {
    if (!adding) return;
    setDraft((current) => addLanguage(current, adding));
    setAdding(null);
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="lg" maw={820}>
        <Section title={t('admin.languages.offered')} hint={t('admin.languages.offeredHint')}>
          <Radio.Group
            value={draft.default_language}
            onChange={(code) => setDraft((current) => makeDefault(current, code))}
            label={t('admin.languages.default')}
            description={t('admin.languages.defaultHint')}
            error={serverErrors?.default_language?.join(' ')}
          >
            <Table mt="sm" verticalSpacing="xs" data-testid="offered-languages">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.languages.language')}</Table.Th>
                  <Table.Th>{t('admin.languages.translation')}</Table.Th>
                  <Table.Th>{t('admin.languages.defaultColumn')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('admin.languages.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {draft.supported_languages.map((code) => {
                  const locale = findLocale(code);
                  const isDefault = code === draft.default_language;
                  const name = locale?.nativeName ?? code;
                  return (
                    <Table.Tr key={code} data-language={code}>
                      <Table.Td>
                        <Text fz="sm" fw={500} lang={code} dir="auto">
                          {name}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {locale?.name} · <span dir="ltr">{code}</span>
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {isComplete(code) ? (
                          <Badge variant="light" color="teal">
                            {t('admin.languages.complete')}
                          </Badge>
                        ) : (
                          <Badge variant="light" color="gray">
                            {t('admin.languages.partial')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Radio value={code} aria-label={t('admin.languages.makeDefault', { name })} />
                      </Table.Td>
                      <Table.Td>
                        <Tooltip
                          label={
                            isDefault
                              ? t('admin.languages.defaultKept')
                              : t('admin.languages.remove', { name })
                          }
                        >
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            disabled={isDefault}
                            aria-label={t('admin.languages.remove', { name })}
                            onClick={() => setDraft((current) => removeLanguage(current, code))}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Radio.Group>
          <Group gap="xs" align="flex-end">
            <Select
              label={t('admin.languages.add')}
              placeholder={t('admin.languages.addPlaceholder')}
              searchable
              clearable
              nothingFoundMessage={t('admin.languages.noneLeft')}
              data={addableLocales(draft).map((locale) => ({
                value: locale.code,
                label: `${locale.nativeName} (${locale.name})`,
              }))}
              value={adding}
              onChange={setAdding}
              w={320}
            />
            <Button variant="light" leftSection={<IconPlus size={16} />} disabled={!adding} onClick={add}>
              {t('admin.languages.addButton')}
            </Button>
          </Group>
        </Section>

        {save.error && (
          <Alert color="red" variant="light">
            {failureText(save.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" disabled={!dirty || save.isPending} onClick={() => setDraft(saved)}>
            {t('admin.discardChanges')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            {t('admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
