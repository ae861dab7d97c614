/** @jsxImportSource preact */
import type { ComponentChildren, TargetedInputEvent } from 'preact';

/** What a text field takes besides its label and messages. */
export interface InputProps {
  value: string;
  onInput: (event: TargetedInputEvent<HTMLInputElement>) => void;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'numeric' | 'decimal' | 'text' | 'email' | 'tel';
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  required?: boolean;
  /** `ltr` for digits (card number, expiry, amount) so that they read the same in Arabic. */
  dir?: 'ltr';
  name?: string;
}

/**
 * A labelled text field with an optional hint and its error message under it. The message is
 * tied to the input (`aria-describedby`, `aria-invalid`) so that a screen reader reads it with
 * the field.
 */
export function Field({
  id,
  label,
  labelIsolated,
  hint,
  error,
  children,
  ...input
}: InputProps & {
  id: string;
  label: string;
  /** The label is the merchant's own words, in whichever language they wrote it. */
  labelIsolated?: boolean;
  hint?: string;
  error?: string;
  children?: ComponentChildren;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div class={error ? 'field field-invalid' : 'field'}>
      <label for={id}>{labelIsolated ? <bdi>{label}</bdi> : label}</label>
      <input
        id={id}
        {...input}
        // Preact types each input `type` separately; these three take the same attributes.
        type={(input.type ?? 'text') as 'text'}
        class={input.dir === 'ltr' ? 'ltr' : undefined}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p class="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p class="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}
