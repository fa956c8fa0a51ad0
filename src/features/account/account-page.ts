// The account pages' own script (bundled, runs after parse): the access rule of product.md 2.6, the
// sidebar's Sign Out, and keeping the pre-paint signed-in class and greeting in step with the
// session when it changes on the page (sign-in, a saved first name, a 401).
import { $session, signOut } from '../session/session.ts';

// Protected content is hidden by CSS (.if-signed-in) until now, so nothing flashes before this.
if (document.querySelector('[data-requires-sign-in]') && !$session.get().token) {
  location.replace('/account/login');
}

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-account-sign-out]')) {
  button.addEventListener('click', () => {
    button.disabled = true;
    void signOut();
  });
}

$session.subscribe(({ token, firstName }) => {
  document.documentElement.classList.toggle('signed-in', Boolean(token));
  for (const element of document.querySelectorAll('[data-first-name]')) {
    element.textContent = firstName ? `, ${firstName}` : '';
  }
});
