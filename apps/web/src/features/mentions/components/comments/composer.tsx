import { MESSAGE_BODY_MAX_LENGTH } from '@attest/shared';
import { Alert, Button, Combobox, Group, Text, Textarea, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSend, IconUser, IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withIsolatedNames } from '../../../../components/user-text';
import { useMentionable } from '../../api/mentionable';
import {
  activeQuery,
  addMention,
  type ComposerMention,
  displayFor,
  fromRaw,
  insertLabel,
  presentMentions,
  toRaw,
} from '../../lib/composer-text';
import { messageErrorText } from '../../lib/message-error-text';
import { MentionChip } from '../message-body';

// The counter shows from 90 % of the limit (1 to 5,000 characters, MessageBodySchema).
const COUNTER_FROM = Math.floor(MESSAGE_BODY_MAX_LENGTH * 0.9);
const SEARCH_DEBOUNCE_MS = 250;

export type ComposerProps = {
  // Null where nobody can be mentioned (a record's comments): no @-suggestions.
  workflowId: number | null;
  placeholder?: string;
  // A stored body (with tokens) when editing a message.
  initialBody?: string;
  submitLabel: string;
  // Sends the body with its tokens; a refusal is thrown and shown under the box.
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
};

// Plain text with @-autocomplete: picking a person or group writes '@Name' in the box and the
// token behind it, so nobody types token syntax. Ctrl/Cmd+Enter sends.
export function Composer({
  workflowId,
  placeholder,
  initialBody,
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus,
}: ComposerProps) {
  const { t } = useTranslation();
  const [initial] = useState(() => fromRaw(initialBody ?? ''));
  const [text, setText] = useState(initial.text);
  const [mentions, setMentions] = useState<ComposerMention[]>(initial.mentions);
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const store = useCombobox({ onDropdownClose: () => store.resetSelectedOption() });

  const [debounced] = useDebouncedValue(query?.query ?? null, SEARCH_DEBOUNCE_MS);
  const candidates = useMentionable(workflowId ?? 0, query && workflowId !== null ? debounced : null);
  const options = query ? (candidates.data ?? []) : [];
  const dropdownOpen = query !== null && options.length > 0;

  useEffect(() => {
    if (dropdownOpen) {
      store.openDropdown();
      store.selectFirstOption();
    } else store.closeDropdown();
  }, [dropdownOpen, store]);
  // New results for the same query: the first is the one Enter picks.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the options change
  useEffect(() => {
    if (dropdownOpen) store.selectFirstOption();
  }, [candidates.data]);

  const raw = toRaw(text, mentions);
  const length = raw.trim().length;
  const tooLong = length > MESSAGE_BODY_MAX_LENGTH;
  const canSend = length > 0 && !tooLong && !sending;
  const notified = presentMentions(text, mentions);

  const updateQuery = (value: string, caret: number | null) =>
    setQuery(caret === null ? null : activeQuery(value, caret));

  const pick = (value: string) => {
    const candidate = options.find((o) => `${o.type}:${o.id}` === value);
    const element = textareaRef.current;
    if (!candidate || !query) return;
    const caret = element?.selectionStart ?? text.length;
    const display = displayFor(candidate, mentions);
    const next = insertLabel(text, query.start, caret, display);
    setText(next.text);
    setMentions(addMention(mentions, display, candidate));
    setQuery(null);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  };

  const submit = async () => {
    if (!canSend) return;
    setSending(true);
    setError(null);
    try {
      await onSubmit(raw.trim());
      setText('');
      setMentions([]);
      setQuery(null);
    } catch (failure) {
      setError(messageErrorText(failure, t));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Combobox store={store} onOptionSubmit={pick} position="top-start" width="target" offset={4}>
        <Combobox.Target withKeyboardNavigation={dropdownOpen}>
          <Textarea
            ref={textareaRef}
            value={text}
            autosize
            minRows={2}
            maxRows={8}
            autoFocus={autoFocus}
            aria-label={t('mentions.composer.label')}
            placeholder={placeholder ?? t('mentions.composer.placeholder')}
            error={tooLong ? t('mentions.composer.tooLong', { max: MESSAGE_BODY_MAX_LENGTH }) : undefined}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(null);
              updateQuery(event.currentTarget.value, event.currentTarget.selectionStart);
            }}
            onClick={(event) => updateQuery(event.currentTarget.value, event.currentTarget.selectionStart)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                setQuery(null);
                void submit();
              } else if (event.key === 'Escape' && query) {
                event.stopPropagation();
                setQuery(null);
              }
            }}
            onBlur={() => setQuery(null)}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!dropdownOpen}>
          <Combobox.Options aria-label={t('mentions.composer.suggestions')}>
            {options.map((option) => (
              <Combobox.Option
                value={`${option.type}:${option.id}`}
                key={`${option.type}:${option.id}`}
                onMouseDown={(event) => event.preventDefault()}
              >
                <Group gap="xs" wrap="nowrap">
                  {option.type === 'group' ? <IconUsersGroup size={16} /> : <IconUser size={16} />}
                  <div style={{ minWidth: 0 }}>
                    <Text fz="sm" truncate="end">
                      {option.name}
                    </Text>
                    <Text fz="xs" c="dimmed" truncate="end">
                      {option.type === 'group'
                        ? t('mentions.composer.members', { count: option.member_count ?? 0 })
                        : option.email}
                    </Text>
                  </div>
                </Group>
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {notified.length > 0 && (
        <Group gap={4} mt={6} wrap="wrap" aria-label={t('mentions.composer.notifies')}>
          <Text fz="xs" c="dimmed">
            {t('mentions.composer.notifies')}
          </Text>
          {notified.map((mention) => (
            <Text span fz="xs" key={mention.token}>
              <MentionChip
                kind={mention.token.includes('](group:') ? 'group' : 'user'}
                name={mention.display.slice(1)}
              />
            </Text>
          ))}
        </Group>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert" mt="xs" py={6}>
          {withIsolatedNames(error)}
        </Alert>
      )}
      <Group justify="space-between" mt="xs" gap="xs" wrap="nowrap">
        <Text fz="xs" c={tooLong ? 'red' : 'dimmed'} aria-live="polite">
          {length >= COUNTER_FROM
            ? t('mentions.composer.counter', { count: length, max: MESSAGE_BODY_MAX_LENGTH })
            : t('mentions.composer.hint')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {onCancel && (
            <Button variant="default" size="xs" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button
            type="submit"
            size="xs"
            leftSection={<IconSend size={14} />}
            disabled={!canSend}
            loading={sending}
          >
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
