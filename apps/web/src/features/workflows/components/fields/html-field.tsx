import { Paper, Stack, Text, Textarea, Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ControlProps, inputChrome } from './control-props';
import { FieldWrapper } from './field-wrapper';
import { asText, textAnswer, useDraft } from './use-draft';

// html answers are stored as sent (the engine trusts nothing): they are shown only through the
// sanitiser, which drops scripts, event handlers, javascript: links and embedded frames.
export function sanitiseHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'iframe', 'object', 'embed'],
  });
}

function HtmlPreview({ html }: { html: string }) {
  const clean = useMemo(() => sanitiseHtml(html), [html]);
  return (
    <Paper withBorder p="sm" radius="sm">
      <Typography>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above. */}
        <div data-testid="html-preview" dangerouslySetInnerHTML={{ __html: clean }} />
      </Typography>
    </Paper>
  );
}

export function HtmlField(props: ControlProps) {
  const { t } = useTranslation();
  const { draft, edit, takeDirty } = useDraft(props.value, asText);
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
        ff="monospace"
        value={draft}
        onChange={(event) => {
          edit(event.currentTarget.value);
          props.onChange(textAnswer(event.currentTarget.value));
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
