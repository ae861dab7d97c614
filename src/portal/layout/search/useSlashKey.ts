import { useEffect } from 'react';

/** Whether the key was typed into something that takes text (then `/` is text, not a shortcut). */
function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'textbox';
}

/** Calls `onSlash` when `/` is pressed anywhere on the page but in a field that takes text. */
export function useSlashKey(onSlash: () => void): void {
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typesText(event.target)) return;
      event.preventDefault();
      onSlash();
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [onSlash]);
}
