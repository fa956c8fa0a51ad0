// The official rules of a promotion, written from its record (GET /promotion/{id}): eligibility
// and the entry limit (from the policy, policy.ts), no purchase necessary, the entry period, the prize and its value, how and when winners are drawn and told, the
// sponsor. The operator's own terms come last.
import { site } from '../../site.config.ts';
import { RULES_TEXT } from './policy.ts';

export interface RulesPromotion {
  id: string;
  title: string;
  prize: string;
  prize_value: number;
  winners_count: number;
  starts_on: string;
  ends_on: string;
  draw_on: string;
  rules?: string;
}

export interface RulesSection {
  heading: string;
  paragraphs: string[];
}

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
/** 'May 1, 2026' for '2026-05-01' (a calendar date, shown as it is). */
export const formatDay = (day: string): string => longDate.format(new Date(`${day}T12:00:00Z`));
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function officialRules(promotion: RulesPromotion): RulesSection[] {
  const sponsor = `${site.name}, a division of ${site.parentCompany.name}, 15 Bradley Street, Warren, PA 16365`;
  const winners = promotion.winners_count === 1 ? 'one winner' : `${promotion.winners_count} winners`;
  const extra = (promotion.rules ?? '')
    .split(/\n{2,}/)
    .map((text) => text.trim())
    .filter(Boolean);
  return [
    {
      heading: 'No purchase necessary',
      paragraphs: [
        'No purchase or payment of any kind is necessary to enter or win. A purchase will not improve your chances of winning. Void where prohibited.',
      ],
    },
    {
      heading: 'Who may enter',
      paragraphs: [RULES_TEXT.eligibility],
    },
    {
      heading: 'Entry period',
      paragraphs: [
        `The giveaway begins at 12:00 AM Eastern Time on ${formatDay(promotion.starts_on)} and ends at 11:59 PM Eastern Time on ${formatDay(promotion.ends_on)}.`,
      ],
    },
    {
      heading: 'How to enter',
      paragraphs: [
        `Complete the entry form at ${site.name}'s website (Enter Giveaway), as a guest or signed in to an account, and agree to these rules.`,
        RULES_TEXT.limit,
      ],
    },
    {
      heading: 'Prize',
      paragraphs: [
        `${winners[0]?.toUpperCase()}${winners.slice(1)} will each receive: ${promotion.prize}. Approximate retail value: ${money.format(promotion.prize_value)} each. No substitution or cash equivalent except at the sponsor's discretion. Taxes are the winner's responsibility.`,
      ],
    },
    {
      heading: 'How and when winners are drawn',
      paragraphs: [
        `On or about ${formatDay(promotion.draw_on)}, ${winners} will be drawn at random from all eligible entries received during the entry period; each entry has the same chance, and a person can win only once in a drawing. Odds of winning depend on the number of eligible entries received.`,
        'Before drawing, the sponsor records the number of eligible entries, a digest of the list of entries and a fingerprint of a secret random number; the winners are then chosen from that number, which is published afterwards, so that the drawing can be checked and repeated.',
      ],
    },
    {
      heading: 'How winners are told',
      paragraphs: [
        'Winners are notified by email at the address they entered within 7 days of the drawing. Winners are listed on the Previous Winners page with their first name, the initial of their last name, city and state.',
      ],
    },
    { heading: 'Sponsor', paragraphs: [`${sponsor}. Questions: ${site.phone}.`] },
    ...(extra.length > 0 ? [{ heading: 'Additional terms', paragraphs: extra }] : []),
  ];
}
