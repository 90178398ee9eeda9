import {
  answerError,
  checkFile,
  DEFAULT_MAX_FILES,
  type FileAnswer,
  isOneOf,
  MULTI_FILE_FIELD_TYPES,
} from '@attest/shared';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerErrorText } from '../../lib/answer-error-text';
import { isRecord } from '../../lib/is-record';
import { attachmentTransfer } from './attachment-transfer';
import { type ControlProps, describedBy } from './control-props';
import { FieldWrapper } from './field-wrapper';
import { FileList, type PendingUpload } from './file-list';
import { downloadFailureText, uploadFailureText } from './transfer-messages';
import { VISUALLY_HIDDEN } from './visually-hidden';

function asFile(value: unknown): FileAnswer | undefined {
  if (!isRecord(value) || typeof value.id !== 'number' || typeof value.name !== 'string') return undefined;
  const size = typeof value.size === 'number' ? value.size : 0;
  const contentType = typeof value.content_type === 'string' ? value.content_type : '';
  const file: FileAnswer = { id: value.id, name: value.name, size, content_type: contentType };
  // The uid names the file in downloads (spec 1 §7).
  if (typeof value.uid === 'string') file.uid = value.uid;
  return file;
}

export function asFiles(value: unknown): FileAnswer[] {
  const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return items.map(asFile).filter((file): file is FileAnswer => file !== undefined);
}

// file, s3_object and e_signature take one file; multi_file and attachment a list. Each chosen file
// is checked against the field's size and type rules, uploaded, and then the answer (the stored
// attachments' metadata) is saved.
export function FileField(props: ControlProps) {
  const { t } = useTranslation();
  const { field } = props;
  const multi = isOneOf(field.type, MULTI_FILE_FIELD_TYPES);
  const files = asFiles(props.value);
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const transfer = attachmentTransfer(props.workflowId, field.tag);

  const save = (next: FileAnswer[]) => {
    const answer = multi ? next : (next[0] ?? null);
    props.onChange(answer);
    props.onCommit(answer);
  };

  const take = async (chosen: File[]) => {
    if (chosen.length === 0 || props.readOnly) return;
    const picked = multi ? chosen : chosen.slice(0, 1);
    const max = field.validation?.max_files ?? DEFAULT_MAX_FILES;
    const refused =
      multi && files.length + picked.length > max
        ? [answerError('too_many_files', { max })]
        : picked.flatMap((file) =>
            checkFile(field, { name: file.name, size: file.size, content_type: file.type }),
          );
    setProblems(refused.map((error) => answerErrorText(t, error)));
    if (refused.length > 0) return;
    const pending = picked.map((file, index) => ({ key: `${Date.now()}-${index}`, name: file.name }));
    setUploads(pending);
    const { stored, failures } = await transfer.upload(picked, (done) =>
      setUploads((current) => current.filter((upload) => upload.key !== pending[done]?.key)),
    );
    setProblems(failures.flatMap(({ name, error }) => uploadFailureText(t, name, error)));
    if (stored.length > 0) save(multi ? [...files, ...stored] : stored);
  };

  const download = async (file: FileAnswer) => {
    setProblems([]);
    const failure = await transfer.download(file);
    if (failure === undefined) return;
    setProblems([downloadFailureText(t, failure)]);
  };

  return (
    <FieldWrapper chrome={props.chrome} labelFor>
      <Stack gap="xs" mt={4}>
        <FileList
          files={files}
          uploads={uploads}
          readOnly={props.readOnly}
          onDownload={download}
          onRemove={(file) => save(files.filter((f) => f.id !== file.id))}
        />
        {props.readOnly ? (
          files.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('fields.file.none')}
            </Text>
          ) : null
        ) : (
          <Paper
            withBorder
            p="sm"
            radius="md"
            style={{ borderStyle: 'dashed' }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              void take([...event.dataTransfer.files]);
            }}
          >
            <Group gap="sm">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                loading={uploads.length > 0}
                onClick={() => input.current?.click()}
                aria-describedby={describedBy(props.chrome)}
              >
                {multi
                  ? t('fields.file.chooseMany')
                  : files.length > 0
                    ? t('fields.file.replace')
                    : t('fields.file.choose')}
              </Button>
              <Text size="xs" c="dimmed">
                {t('fields.file.dropHint')}
              </Text>
            </Group>
            {/* The label points here, so assistive tools and tests can hand files straight in. */}
            <input
              ref={input}
              id={props.chrome.id}
              type="file"
              multiple={multi}
              accept={field.validation?.allowed_types?.join(',')}
              tabIndex={-1}
              style={VISUALLY_HIDDEN}
              aria-invalid={Boolean(props.chrome.error) || problems.length > 0 || undefined}
              aria-describedby={describedBy(props.chrome)}
              onChange={(event) => {
                const chosen = [...(event.currentTarget.files ?? [])];
                event.currentTarget.value = '';
                void take(chosen);
              }}
            />
          </Paper>
        )}
        {problems.map((problem) => (
          <Text key={problem} size="sm" c="red" role="alert">
            {problem}
          </Text>
        ))}
      </Stack>
    </FieldWrapper>
  );
}
