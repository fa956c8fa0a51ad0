// /account: Delete Account (a real deletion, see docs/architecture.md, departures), only after the visitor
// confirms in a modal dialog. The server ends every session; the browser then forgets them too.
import { useRef } from 'react';
import { useSubmit } from '../../components/form/useSubmit.ts';
import { api, read } from '../session/api.ts';
import { leaveSignedOut } from '../session/session.ts';
import '../../components/form/fields.css'; // the status lines' look (form-message, form-note)

export default function DeleteAccount() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { status, setStatus, busy, submit } = useSubmit({
    name: 'Delete account',
    check: () => ({ output: {} }),
    async send() {
      await read(api.me.$delete());
      leaveSignedOut();
    },
    failure: { lead: 'Your account could not be deleted.' },
    leaves: true,
  });

  // The safe choice gets the focus, so a stray Enter never deletes the account.
  function open() {
    dialogRef.current?.showModal();
    cancelRef.current?.focus();
  }

  return (
    <>
      <button type="button" className="button button--red" onClick={open}>
        Delete Account
      </button>
      <dialog
        ref={dialogRef}
        className="confirm-dialog"
        aria-labelledby="delete-title"
        aria-describedby="delete-text"
        onClose={() => setStatus({})}
      >
        <h2 id="delete-title">Delete your account?</h2>
        <p id="delete-text">
          This removes your profile, your sign-in and your mailing-list signups. It cannot be undone.
        </p>
        <div role="alert" className={status.error ? 'form-message form-message--error' : 'form-message'}>
          {status.error}
        </div>
        <div className="form-actions">
          <button type="button" className="button button--red" disabled={busy} onClick={() => submit()}>
            Delete my account
          </button>
          <button
            type="button"
            className="button button--outline"
            disabled={busy}
            onClick={() => dialogRef.current?.close()}
            ref={cancelRef}
          >
            Cancel
          </button>
        </div>
      </dialog>
    </>
  );
}
