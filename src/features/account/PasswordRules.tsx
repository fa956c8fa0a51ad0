// The product.md 5.2 password rules beside a new-password field (sign-up, reset, change).
import { type PasswordRule, passwordChecklist } from './password.ts';

/** The product.md 5.2 password rules, ticked off live as the visitor types. */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  const rules: PasswordRule[] = passwordChecklist(password);
  return (
    <ul id={id} className="password-rules">
      {rules.map((rule) => (
        <li key={rule.message} className={rule.met ? 'is-met' : undefined}>
          <span aria-hidden="true">{rule.met ? '✓ ' : '• '}</span>
          {rule.message}
          {rule.met && <span className="visually-hidden"> (done)</span>}
        </li>
      ))}
    </ul>
  );
}
