import { type BatchImportTarget, MAX_IMPORT_BYTES } from '@attest/shared';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { IconFileUpload, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { objectTypesQueryOptions } from '../../records';
import { kindsQueryOptions } from '../../workflow-list';
import { batchImportKeys } from '../api/batch-import-keys';
import { uploadImport } from '../api/upload-import';
import { refusalText } from '../lib/refusal-text';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function NewImportForm({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<BatchImportTarget>('records');
  const [objectType, setObjectType] = useState<string | null>(null);
  const [kindId, setKindId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const types = useQuery({ ...objectTypesQueryOptions(), enabled: target === 'records' });
  const kinds = useQuery({ ...kindsQueryOptions(), enabled: target === 'workflows' });
  // Closing the dialog stops an upload under way.
  useEffect(() => () => abort.current?.abort(), []);
  const uploading = progress !== null;
  const chosen = target === 'records' ? objectType !== null : kindId !== null;

  const submit = async () => {
    if (!file || !chosen) return;
    // The server refuses the same; told before a long upload.
    if (file.size > MAX_IMPORT_BYTES) {
      setError(t('batchImports.errors.tooLarge'));
      return;
    }
    setError(null);
    setProgress(0);
    abort.current = new AbortController();
    try {
      const created = await uploadImport({
        query:
          target === 'records'
            ? { target, object_type: objectType ?? '' }
            : { target, kind_id: Number(kindId) },
        file,
        onProgress: setProgress,
        signal: abort.current.signal,
      });
      queryClient.setQueryData(batchImportKeys.detail(created.id), created);
      void queryClient.invalidateQueries({ queryKey: batchImportKeys.lists() });
      onClose();
      navigate(`/batch-import/${created.id}`);
    } catch (caught) {
      if (caught instanceof DOMException && caught.name === 'AbortError') return;
      setError(refusalText(t, caught));
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Text component="span" size="sm" fw={500} id="new-import-target">
            {t('batchImports.new.target')}
          </Text>
          <SegmentedControl
            aria-labelledby="new-import-target"
            value={target}
            onChange={(value) => setTarget(value as BatchImportTarget)}
            disabled={uploading}
            data={[
              { value: 'records', label: t('batchImports.targets.records') },
              { value: 'workflows', label: t('batchImports.targets.workflows') },
            ]}
          />
        </Stack>
        {target === 'records' ? (
          <Select
            label={t('batchImports.new.objectType')}
            placeholder={types.isPending ? t('batchImports.loading') : undefined}
            data={(types.data?.results ?? []).map((type) => ({ value: type.tag, label: type.name }))}
            value={objectType}
            onChange={setObjectType}
            disabled={uploading}
            searchable
            required
          />
        ) : (
          <Select
            label={t('batchImports.new.kind')}
            placeholder={kinds.isPending ? t('batchImports.loading') : undefined}
            data={(kinds.data ?? []).map((kind) => ({ value: String(kind.id), label: kind.name }))}
            value={kindId}
            onChange={setKindId}
            disabled={uploading}
            searchable
            required
          />
        )}
        <FileInput
          label={t('batchImports.new.file')}
          description={t('batchImports.new.fileHint', {
            size: Math.floor(MAX_IMPORT_BYTES / (1024 * 1024)).toLocaleString(i18n.language),
          })}
          placeholder={t('batchImports.new.filePlaceholder')}
          leftSection={<IconFileUpload size={16} aria-hidden />}
          accept={ACCEPT}
          value={file}
          onChange={(value) => {
            setFile(value);
            setError(null);
          }}
          disabled={uploading}
          clearable
          required
        />
        {uploading && (
          <Stack gap={4}>
            <Text size="sm" id="new-import-progress">
              {t('batchImports.new.uploading', { percent: Math.round((progress ?? 0) * 100) })}
            </Text>
            <Progress.Root size="lg">
              <Progress.Section value={(progress ?? 0) * 100} aria-labelledby="new-import-progress" />
            </Progress.Root>
          </Stack>
        )}
        {error && (
          <Alert color="red" role="alert" title={t('batchImports.new.refused')}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              abort.current?.abort();
              onClose();
            }}
          >
            {t('batchImports.cancel')}
          </Button>
          <Button type="submit" disabled={!file || !chosen} loading={uploading}>
            {t('batchImports.new.upload')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// "New import" (spec 2 §2.3): choose what the file fills, upload it, then map it on its own page.
export function NewImportButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t('batchImports.new.open')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('batchImports.new.title')} size="lg">
        {opened && <NewImportForm onClose={() => setOpened(false)} />}
      </Modal>
    </>
  );
}
