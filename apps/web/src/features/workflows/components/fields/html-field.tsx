import { Paper, Stack, Text, Textarea, Typography } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ControlProps, inputChrome } from './control-props';
import { FieldWrapper } from './field-wrapper';
import { sanitisedHtml } from './sanitised-html';
import { asText, textAnswer, useDraft } from './use-draft';

function HtmlPreview({ html }: { html: string }) {
  const content = useMemo(() => sanitisedHtml(html), [html]);
  return (
    <Paper withBorder p="sm" radius="sm">
      <Typography>
        <div data-testid="html-preview">{content}</div>
      </Typography>
    </Paper>
  );
}

export function HtmlField(props: ControlProps) {
  const { t } = useTranslation();
  const { draft, edit, takeDirty } = useDraft(props.value, asText, props.onChange);
  if (props.readOnly) {
    return (
      <FieldWrapper chrome={props.chrome}>
        {draft ? <HtmlPreview html={draft} /> : <Text c="dimmed">{t('fields.noAnswer')}</Text>}
      </FieldWrapper>
    );
  }
  return (
    <Stack gap={6}>
      <Textarea
        {...inputChrome(props.chrome)}
        autosize
        minRows={4}
        maxRows={14}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={draft}
        onChange={(event) => {
          edit(event.currentTarget.value, textAnswer(event.currentTarget.value));
        }}
        onBlur={(event) => {
          if (takeDirty()) props.onCommit(textAnswer(event.currentTarget.value));
        }}
      />
      {draft.trim() ? (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('fields.htmlPreview')}
          </Text>
          <HtmlPreview html={draft} />
        </Stack>
      ) : null}
    </Stack>
  );
}
