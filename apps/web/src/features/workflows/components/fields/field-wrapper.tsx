import { Input } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldChrome } from './control-props';
import { VISUALLY_HIDDEN } from './visually-hidden';

export const labelIdOf = (chrome: FieldChrome) => `${chrome.id}-label`;

// Label, help and errors around a control we compose ourselves. With `labelFor`, the label points
// at the element whose id is chrome.id; otherwise it is a heading the group names itself by.
export function FieldWrapper({
  chrome,
  labelFor = false,
  children,
}: {
  chrome: FieldChrome;
  labelFor?: boolean;
  children: ReactNode;
}) {
  return (
    <Input.Wrapper
      id={chrome.id}
      label={chrome.label}
      description={chrome.description}
      error={chrome.error}
      required={chrome.required}
      withAsterisk={chrome.required}
      labelElement={labelFor ? 'label' : 'div'}
      labelProps={{ id: labelIdOf(chrome), style: chrome.hideLabel ? VISUALLY_HIDDEN : undefined }}
    >
      {children}
    </Input.Wrapper>
  );
}
