// /account: Delete Account (a real deletion, see DESIGN's departures), only after the visitor
// confirms in a modal dialog. The server ends every session; the browser then forgets them too.
import { useRef, useState } from 'react';
import { ApiError, api } from '../session/api';
import { leaveSignedOut } from '../session/session';

export default function DeleteAccount() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The safe choice gets the focus, so a stray Enter never deletes the account.
  function open() {
    dialogRef.current?.showModal();
    cancelRef.current?.focus();
  }

  async function confirmDelete() {
    setBusy(true);
    setError(null);
    try {
      await api('/me', { method: 'DELETE' });
      leaveSignedOut();
    } catch (failure) {
      console.warn('Delete account failed', failure);
      setError(
        `Your account could not be deleted. ${failure instanceof ApiError ? failure.description : String(failure)}`,
      );
      setBusy(false);
    }
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
        onClose={() => setError(null)}
      >
        <h2 id="delete-title">Delete your account?</h2>
        <p id="delete-text">
          This removes your profile, your sign-in and your mailing-list signups. It cannot be undone.
        </p>
        <div role="alert" className={error ? 'form-message form-message--error' : 'form-message'}>
          {error}
        </div>
        <div className="form-actions">
          <button type="button" className="button button--red" disabled={busy} onClick={confirmDelete}>
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
