import { afterEach, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';

describe('GET /recruiting-assistant/config', () => {
  let t: TestApi | undefined;
  afterEach(() => t?.close());

  it('says the stand-in is on only when asked for (RECRUITING_ASSISTANT=local)', async () => {
    t = await createTestApi({ localRecruitingAssistant: true });
    expect((await t.call('GET', '/recruiting-assistant/config')).json).toEqual({ stand_in: true });
  });

  it('is off by default, as in production', async () => {
    t = await createTestApi();
    const answer = await t.call('GET', '/recruiting-assistant/config');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ stand_in: false });
  });
});
