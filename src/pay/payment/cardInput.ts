/**
 * What the card fields do to what the payer types: digits only, the number in groups of four,
 * the expiry as MM/YY. The caret stays after the same digit when spaces are inserted.
 */

export const CARD_DIGITS_MAX = 19;

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** "4111111111111111" → "4111 1111 1111 1111" (at most 19 digits). */
export function formatCardNumber(text: string): string {
  return digitsOf(text)
    .slice(0, CARD_DIGITS_MAX)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "0428" → "04/28"; a first digit above 1 is a one-digit month ("4" → "04/"). */
export function formatExpiry(text: string, deleting = false): string {
  let digits = digitsOf(text);
  if (/^[2-9]$/.test(digits.slice(0, 1))) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** Where the caret goes in `formatted` so that `digitsBefore` digits stand before it. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted[index]) && ++seen === digitsBefore) return index + 1;
  }
  return formatted.length;
}

/**
 * Reformats an input's value in place with `format`, keeping the caret after the same digit.
 * Returns the new value.
 */
export function reformatInput(input: HTMLInputElement, format: (text: string) => string): string {
  const caret = input.selectionStart ?? input.value.length;
  const atEnd = caret >= input.value.length;
  const digitsBefore = digitsOf(input.value.slice(0, caret)).length;
  const formatted = format(input.value);
  if (input.value !== formatted) {
    input.value = formatted;
    const position = atEnd ? formatted.length : caretAfterDigits(formatted, digitsBefore);
    // Only the focused field has a caret to keep; setting one elsewhere would steal the focus on some phones.
    if (input.ownerDocument.activeElement === input) input.setSelectionRange(position, position);
  }
  return formatted;
}
