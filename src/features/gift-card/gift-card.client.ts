// The balance form's script: asks whether a processor is configured (else disables the form and
// shows whom to call), fetches the form ticket, then sends the card to our API and shows the
// balance or what went wrong. The human check starts over after every try (a token is single use).
import { digitsError } from '../../components/content/digits.ts';
import { formTicketHolder } from '../../components/form/form-ticket.ts';
import { errorText, publicApi, read } from '../../lib/api-client.ts';
import { GUARD_MESSAGES } from '../../lib/form-rules.ts';
import { resetHumanCheck } from '../human-check/human-check.client.ts';
import { type BalanceAnswer, balanceSentence, GIFT_CARD_MESSAGES } from './gift-card.ts';

function disable(form: HTMLFormElement) {
  form.querySelector('fieldset')?.setAttribute('disabled', '');
  form.closest('section')?.querySelector<HTMLElement>('[data-unavailable]')?.removeAttribute('hidden');
}

export function initGiftCardForms(root: ParentNode = document): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-gift-card-form]')) {
    const section = form.closest('section');
    const answer = form.querySelector<HTMLElement>('[data-answer]');
    const problem = form.querySelector<HTMLElement>('[data-problem]');
    const inputs = [...form.querySelectorAll<HTMLInputElement>('input[data-digits]')];
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    const ticket = formTicketHolder('gift-card');
    const show = (ok: string, bad: string) => {
      if (answer) answer.textContent = ok;
      if (problem) problem.textContent = bad;
    };

    read(publicApi['gift-card'].config.$get())
      .then((config) => {
        if (!config.available) return disable(form);
        if (config.stand_in) section?.querySelector('[data-stand-in]')?.removeAttribute('hidden');
      })
      .catch(() => disable(form));
    ticket.load();

    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      // The digits script marks the fields and moves focus; nothing is sent until both are fine.
      if (inputs.some((input) => digitsError(input.dataset.digits ?? '', input.value) !== '')) return;
      const token = form.querySelector<HTMLInputElement>('input[name="human_check_token"]')?.value ?? '';
      if (!token) return show('', GUARD_MESSAGES.humanCheck);
      const value = (name: string) => inputs.find((input) => input.name === name)?.value ?? '';
      if (button) button.disabled = true;
      show('', '');
      try {
        const json = {
          account_number: value('account_number'),
          pin: value('pin'),
          form_ticket: ticket.value,
          human_check_token: token,
          website: '',
        };
        const result: BalanceAnswer = await read(publicApi['gift-card'].balance.$post({ json }));
        show(balanceSentence(result), '');
      } catch (error) {
        // A 503 (no processor, or it did not answer) carries no 4xx sentence: say whom to call.
        show('', errorText(error, { general: GIFT_CARD_MESSAGES.unavailable }));
        ticket.renewIfRefused(error);
      } finally {
        if (button) button.disabled = false;
        resetHumanCheck(form);
      }
    });
  }
}
