import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../../src/shared/generated/record-view';
import type { Envelope } from '../../helpers/resource-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/**
 * A list whose layout is agenda (the events, issue 30 item 2) reads as a calendar when nobody asks for a
 * sort: what is on and to come first, soonest first, then the events already held, latest first.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemoUsers: true });
});
afterAll(async () => t.close());

async function events(payload: Record<string, unknown>): Promise<RecordView[]> {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/resources/event/lists/published',
    payload: { pageNo: 1, pageSize: 50, ...payload },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Envelope<{ records: RecordView[] }>>().data.records;
}

const startOf = (event: RecordView): number => Date.parse(String(event.data['startsAt']));
const endOf = (event: RecordView): number => Date.parse(String(event.data['endsAt']));

describe('the agenda of events', () => {
  it('lists the coming and running events first, soonest first, then the held ones, latest first', async () => {
    const now = t.clock.now().getTime();
    const listed = await events({});
    expect(listed.length).toBe(15);
    const ended = listed.findIndex((event) => endOf(event) <= now);
    expect(ended).toBeGreaterThan(0);
    const open = listed.slice(0, ended);
    const held = listed.slice(ended);
    expect(held.every((event) => endOf(event) <= now)).toBe(true);
    expect(open.every((event) => endOf(event) > now)).toBe(true);
    expect(open.map(startOf)).toEqual(open.map(startOf).sort((a, b) => a - b));
    expect(held.map(startOf)).toEqual(held.map(startOf).sort((a, b) => b - a));
  });

  it('still sorts by a field the visitor asks for', async () => {
    const listed = await events({ sortField: 'startsAt', sortOrder: 'descend' });
    expect(listed.map(startOf)).toEqual(listed.map(startOf).sort((a, b) => b - a));
  });

  it('carries only the fields the agenda shows, and none a visitor may not see', async () => {
    const [first] = await events({});
    expect(Object.keys(first?.data ?? {}).sort()).toEqual(['address', 'endsAt', 'host', 'kind', 'startsAt', 'title']);
  });
});
