// /account/entries: the visitor's own giveaway entries from GET /me/entries.
import { useEffect, useState } from 'react';
import { ApiError, api, errorText, read } from '../session/api.ts';
import { type Entry, formatEntryDate, sortEntries } from './entries.ts';
import '../../components/form/fields.css'; // the status lines' look (form-message, form-note)

export default function PastEntries() {
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    read(api.me.entries.$get())
      .then((answer) => setEntries(sortEntries(answer.items ?? [])))
      .catch((failure: unknown) => {
        console.warn('Past entries not loaded', failure);
        if (failure instanceof ApiError && failure.status === 401) return;
        setError(errorText(failure, { lead: 'Your entries could not be loaded.' }));
      });
  }, []);

  if (error) return <p className="form-message form-message--error">{error}</p>;
  if (!entries) return <p className="form-note">Loading your entries…</p>;
  if (entries.length === 0) {
    return (
      <p>
        You have not entered a giveaway yet. <a href="/account/giveaway">Enter today’s giveaway</a>
      </p>
    );
  }
  return (
    <table className="entries">
      <caption className="visually-hidden">Your giveaway entries, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Promotion</th>
          <th scope="col">Date entered</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td>{entry.promotion}</td>
            <td>{formatEntryDate(entry.entered_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
