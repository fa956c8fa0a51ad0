// Digits-only fields (gift card account number and PIN): strip anything else as it is typed and say
// so plainly, so a pasted "1234-5678 " or a stray letter never reaches the balance provider.
import { digitsOnly } from '../../lib/digits.ts';

export { digitsOnly };

/** The error for a field's value, or '' when it is fine. `label` is the field's visible label. */
export function digitsError(label: string, value: string): string {
  // "Account number" reads as "your account number"; an acronym such as PIN keeps its capitals.
  if (value.trim() === '')
    return `Enter your ${label === label.toUpperCase() ? label : label.toLowerCase()}.`;
  if (/\D/.test(value)) return `${label} must contain digits only (0 to 9).`;
  return '';
}

/** Said when typing or pasting brought in characters that were removed. */
export const strippedMessage = (label: string): string =>
  `${label} takes digits only (0 to 9); other characters were removed.`;

const errorFor = (input: HTMLInputElement) =>
  document.getElementById(input.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '');

/** Shows (or clears, with '') the field's message; `invalid` marks the field for assistive tech. */
function show(input: HTMLInputElement, message: string, invalid = message !== ''): void {
  const error = errorFor(input);
  if (error) {
    error.textContent = message;
    error.hidden = message === '';
  }
  if (invalid) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

/** Wires every `form[data-digits-form]`: strips as typed, checks again on submit. */
export function initDigitsForms(root: ParentNode = document): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-digits-form]')) {
    // Our messages replace the browser's own (which still work when scripts do not run).
    form.noValidate = true;
    const inputs = [...form.querySelectorAll<HTMLInputElement>('input[data-digits]')];
    for (const input of inputs) {
      input.addEventListener('input', () => {
        const clean = digitsOnly(input.value);
        if (clean !== input.value) {
          // The value is fine again, so this is a notice, not an error; it stays until the next check.
          input.value = clean;
          show(input, strippedMessage(input.dataset.digits ?? 'This field'), false);
        } else if (input.getAttribute('aria-invalid') === 'true') {
          show(input, '');
        }
      });
    }
    form.addEventListener('submit', (event) => {
      const invalid = inputs.filter((input) => {
        const message = digitsError(input.dataset.digits ?? 'This field', input.value);
        show(input, message);
        return message !== '';
      });
      if (invalid.length > 0) {
        event.preventDefault();
        invalid[0]?.focus();
      }
    });
  }
}
