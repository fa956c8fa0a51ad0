// The balance form's script: asks whether a processor is configured (else disables the form and
// shows whom to call), fetches the form ticket, then sends the card to our API and shows the
// balance or what went wrong. The human check starts over after every try (a token is single use).
import { digitsError } from '../../components/content/digits';
import { resetHumanCheck } from '../human-check/human-check.client';
import { ApiError, api, NETWORK_MESSAGE } from '../session/api';
import { type BalanceAnswer, balanceSentence, GIFT_CARD_MESSAGES } from './gift-card';

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
    let ticket = '';
    const show = (ok: string, bad: string) => {
      if (answer) answer.textContent = ok;
      if (problem) problem.textContent = bad;
    };

    api<{ available?: boolean; stand_in?: boolean }>('/gift-card/config', { token: null })
      .then((config) => {
        if (!config.available) return disable(form);
        if (config.stand_in) section?.querySelector('[data-stand-in]')?.removeAttribute('hidden');
      })
      .catch(() => disable(form));
    api<{ ticket: string }>('/form-ticket?form=gift-card', { token: null })
      .then((answer) => {
        ticket = answer.ticket;
      })
      .catch((error: unknown) => console.warn('Gift card balance: no form ticket', error));

    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      // The digits script marks the fields and moves focus; nothing is sent until both are fine.
      if (inputs.some((input) => digitsError(input.dataset.digits ?? '', input.value) !== '')) return;
      const token = form.querySelector<HTMLInputElement>('input[name="human_check_token"]')?.value ?? '';
      if (!token) return show('', GIFT_CARD_MESSAGES.humanCheck);
      const body = Object.fromEntries(inputs.map((input) => [input.name, input.value]));
      if (button) button.disabled = true;
      show('', '');
      try {
        const result = await api<BalanceAnswer>('/gift-card/balance', {
          method: 'POST',
          token: null,
          body: { ...body, form_ticket: ticket, human_check_token: token, website: '' },
        });
        show(balanceSentence(result), '');
      } catch (error) {
        show(
          '',
          error instanceof ApiError && error.code !== 'http_error' ? error.description : NETWORK_MESSAGE,
        );
      } finally {
        if (button) button.disabled = false;
        resetHumanCheck(form);
      }
    });
  }
}
