/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { Icon, type IconName } from './icons';

export type Tone = 'info' | 'success' | 'error' | 'pending';

const ICONS: Record<Tone, IconName> = { info: 'info', success: 'check', error: 'cross', pending: 'clock' };

/**
 * A whole-page message (unknown link, expired, paid, network error, payment being processed):
 * a heading that takes the focus, so that a screen reader reads the new page, then what to do.
 */
export function Notice({
  tone,
  title,
  children,
  actions,
}: {
  tone: Tone;
  title: string;
  children?: ComponentChildren;
  actions?: ComponentChildren;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), [title]);
  return (
    <section class={`card notice notice-${tone}`}>
      <Icon name={ICONS[tone]} class="notice-icon" />
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
      {actions ? <div class="actions">{actions}</div> : null}
    </section>
  );
}

/** The page shown while something loads: a spinner announced once. */
export function Loading({ label }: { label: string }) {
  return (
    <div class="loading" role="status">
      <span class="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
