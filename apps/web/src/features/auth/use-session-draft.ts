import { useState } from 'react';

function read(key: string): string {
  try {
    return window.sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/**
 * Text that survives leaving the page within this tab (e.g. reading the agreement and coming
 * back to a half-filled login form).
 */
export function useSessionDraft(key: string): [string, (value: string) => void] {
  const [value, setValue] = useState(() => read(key));
  const update = (next: string) => {
    setValue(next);
    try {
      window.sessionStorage.setItem(key, next);
    } catch {
      // Storage disabled: the draft simply does not survive leaving the page.
    }
  };
  return [value, update];
}
