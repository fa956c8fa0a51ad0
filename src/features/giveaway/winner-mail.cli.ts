// A draw's winners: each one's mail with the link to confirm or decline the prize, queued in the draw's
// transaction and sent by the command (what it does not get to, the servers' workers send).
import type { Kysely } from 'kysely';
import { progress } from '../../server/cli.ts';
import type { Database } from '../../server/db/schema.ts';
import type { AppDeps } from '../../server/deps.ts';
import { enqueue, mailJob } from '../../server/jobs/queue.ts';
import { runDueJobs } from '../../server/jobs/worker.ts';
import { terminalText } from '../../server/terminal-text.ts';
import { confirmLink } from './confirmation.server.ts';
import type { completeDraw } from './draws.server.ts';
import { rulesPath } from './entrant.ts';
import type { PromotionRow } from './promotions.server.ts';

/** The winner mail: the prize, and the link to confirm or decline it by the deadline (product.md 2.12). */
const winnerMail = (
  deps: AppDeps,
  promotion: PromotionRow,
  to: string,
  token: string,
  confirmBy: number,
) => ({
  to,
  subject: `You won the ${promotion.title}!`,
  text: `Congratulations! You were drawn as a winner of the ${promotion.title}.\n\nYour prize: ${promotion.prize}.\n\nTo receive it, confirm by ${new Date(confirmBy).toUTCString()} with this link (you can also decline the prize there):\n${confirmLink(deps.config.siteUrl, token)}\n\nA prize not confirmed by then goes to an alternate winner. After you confirm, we will contact you to arrange delivery. The official rules: ${new URL(rulesPath(promotion.id), deps.config.siteUrl)}\n`,
});

export type Drawn = Awaited<ReturnType<typeof completeDraw>>;

/** Prints the drawn winners, without their links. */
export const showDrawn = (drawn: Drawn) => {
  for (const { position, entry } of drawn) {
    console.log(
      `  winner ${position}: ${terminalText(`${entry.first_name} ${entry.last_name}, ${entry.city} ${entry.state}`)} (entry ${entry.id})`,
    );
  }
};

/**
 * Sends the winners' mails queued with the draw (each marked sent in the queue); what fails, or
 * what this command does not get to, the servers' workers send (`mail list` shows them).
 */
export async function mailWinners(deps: AppDeps, jobIds: string[]) {
  const { done } = await runDueJobs(deps, { ids: jobIds });
  progress('winners mailed', done, jobIds.length);
  if (done < jobIds.length) {
    console.error(
      `${jobIds.length - done} winner mail(s) not sent yet: the queue retries them (see: mail list)`,
    );
  }
}

/** Queues each winner's mail in the draw's transaction; answers the job ids. */
export async function queueWinnerMails(
  deps: AppDeps,
  trx: Kysely<Database>,
  promotion: PromotionRow,
  chosen: Drawn,
) {
  const ids: string[] = [];
  for (const { entry, token, confirmBy } of chosen) {
    const mail = winnerMail(deps, promotion, entry.email, token, confirmBy);
    const id = await enqueue(trx, mailJob(mail), deps.now());
    if (id) ids.push(id);
  }
  return ids;
}
