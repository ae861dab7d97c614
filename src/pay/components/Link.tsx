/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { followLink } from '../router';

/** A link to another payer page, followed without reloading the page. */
export function Link({
  href,
  class: className,
  label,
  children,
}: {
  href: string;
  class?: string;
  /** A fuller name for screen readers when the visible text is short ("Pay" → "Pay part 2"). */
  label?: string;
  children: ComponentChildren;
}) {
  return (
    <a href={href} class={className} aria-label={label} onClick={(event) => followLink(event, href)}>
      {children}
    </a>
  );
}
