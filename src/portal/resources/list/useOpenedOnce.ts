import { useState } from 'react';

/**
 * Whether `open` has been true since the component was made: what a toolbar's menu or dialog is
 * made by, so that it costs nothing until it is first wanted and, once made, is kept to close
 * with its animation.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return open || opened;
}
