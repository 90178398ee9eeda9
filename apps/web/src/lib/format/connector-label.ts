import { tagWords } from './tag-words';

type Translate = (key: string, options?: Record<string, unknown>) => string;

// A connector's tag ('sanctions_screening') is for machines: a person reads its label. One the
// locales do not name yet reads as words ('Credit check' for 'credit_check') rather than as a tag.
export function connectorLabel(tag: string, t: Translate): string {
  return t(`integrations.connector.${tag}`, { defaultValue: tagWords(tag) });
}
