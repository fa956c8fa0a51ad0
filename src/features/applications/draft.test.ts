import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser } from '../../../tests/support/fake-browser.ts';
import { SECRETS, sampleChargeCard, sampleFleet } from './applications.sample.ts';
import { KINDS } from './applications.ts';
import { clearDraft, DRAFT_MAX_AGE_MS, draftOf, readDraft, writeDraft } from './draft.ts';

beforeEach(() => {
  installFakeBrowser();
});
afterEach(() => vi.unstubAllGlobals());

describe('application drafts in the browser', () => {
  it('keeps typed fields but never SSNs, birthdays, bank accounts or signatures', () => {
    const values = sampleChargeCard({ joint: true });
    writeDraft('charge-card', values, KINDS['charge-card'].secrets, 1000);
    const stored = localStorage.getItem('application-draft:charge-card') ?? '';
    for (const secret of [SECRETS.ssnA, SECRETS.ssnB, 'data:image', '1984'])
      expect(stored).not.toContain(secret);
    const draft = readDraft('charge-card', KINDS['charge-card'].secrets, 2000);
    expect(draft).toMatchObject({ a_first_name: 'Dana', a_city: 'Warren', statement: ['mail'] });
    expect(draft).not.toHaveProperty('a_ssn');
    expect(draft).not.toHaveProperty('a_birth_year');
    expect(draft).not.toHaveProperty('signature_a');
  });

  it('keeps the fleet form but not its bank account, SSNs or guarantors’ dates of birth', () => {
    const draft = draftOf(sampleFleet({ guarantors: 2 }), KINDS['fleet-fueling'].secrets);
    const text = JSON.stringify(draft);
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(draft).toMatchObject({ emboss_line_1: 'ACME HAULING', g1_name: 'Pat Owner' });
  });

  it('drops a draft after a week, and clears it on request', () => {
    writeDraft('fleet-fueling', { phone: '8145550123' }, [], 0);
    expect(readDraft('fleet-fueling', [], DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(localStorage.getItem('application-draft:fleet-fueling')).toBeNull();
    writeDraft('fleet-fueling', { phone: '8145550123' }, [], 0);
    clearDraft('fleet-fueling');
    expect(readDraft('fleet-fueling', [], 1)).toBeNull();
  });

  it('ignores a damaged draft', () => {
    localStorage.setItem('application-draft:charge-card', '{not json');
    expect(readDraft('charge-card', [], 0)).toBeNull();
  });
});
