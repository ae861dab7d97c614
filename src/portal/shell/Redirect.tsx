import { useLayoutEffect } from 'react';
import { navigate } from './navigation';

/** Replaces the current address with `to` as soon as it renders (the shell's `<Navigate replace>`). */
export function Redirect({ to, state }: { to: string; state?: unknown }) {
  useLayoutEffect(() => navigate(to, { replace: true, state }), [to, state]);
  return null;
}
