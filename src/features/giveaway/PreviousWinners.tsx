// /account/winners: every previous winner, grouped by promotion, newest first. Open to all.
import { useEffect, useState } from 'react';
import { publicApi, read } from '../session/api.ts';
import { groupByPromotion, readAllWinners, type WinnerGroup, type WinnersPage } from './winners.ts';
import '../../components/form/fields.css'; // the status lines' look (form-message, form-note)

const readPage: WinnersPage = (page, limit) =>
  read(publicApi['previous-winners'].$get({ query: { page: String(page), limit: String(limit) } }));

export default function PreviousWinners() {
  const [groups, setGroups] = useState<WinnerGroup[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    readAllWinners(readPage)
      .then((winners) => setGroups(groupByPromotion(winners)))
      .catch((error: unknown) => {
        console.warn('Previous winners not loaded', error);
        setFailed(true);
      });
  }, []);

  if (failed) {
    return (
      <p className="form-message form-message--error">
        The winners could not be loaded. Please try again later.
      </p>
    );
  }
  if (!groups) return <p className="form-note">Loading the winners…</p>;
  if (groups.length === 0) return <p>No winners have been drawn yet. Check back after the next drawing.</p>;
  return (
    <div className="winners">
      {groups.map((group) => (
        <section key={group.promotion} aria-label={group.promotion}>
          <h3>{group.promotion}</h3>
          <ul className="winners__list">
            {group.winners.map((winner, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two winners may share every shown field
              <li key={index}>
                <strong>
                  {winner.first_name} {winner.last_name}
                </strong>
                , {winner.city}, {winner.state}: {winner.prize}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
