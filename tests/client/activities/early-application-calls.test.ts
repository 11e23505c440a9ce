// @vitest-environment happy-dom
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../../src/client/api/http';
import {
  startEarlyApplicationCalls,
  takeEarlyApplication,
  takeEarlyServerTime,
} from '../../../src/client/activities/early-application-calls';

describe('startEarlyApplicationCalls: the form’s member calls leave before its code has run (issue 33)', () => {
  const original = http.defaults.adapter;
  let asked: string[];
  beforeEach(() => {
    asked = [];
    const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
      const query = config.params ? `?${new URLSearchParams(config.params as Record<string, string>).toString()}` : '';
      asked.push(`${config.url ?? ''}${query}`);
      const data = config.url === '/sys/form/data/getTime' ? { now: '2026-11-30T00:00:00.000Z' } : { id: 'a-1', currentStep: 'basic' };
      return { data: { success: true, code: 0, msg: 'ok', data }, status: 200, statusText: '', headers: {}, config, request: {} };
    };
    http.defaults.adapter = adapter;
  });
  afterEach(() => {
    http.defaults.adapter = original;
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('asks for the member’s application and the server’s time at once, and hands each to the page once', async () => {
    startEarlyApplicationCalls({ pathname: '/home/activities/applicationForm', search: '?activityId=hightech-cultivation' }, true);
    await settle();
    expect(asked).toEqual(['/sys/form/data/query?activityId=hightech-cultivation', '/sys/form/data/getTime']);
    // Another activity's page asks for itself.
    expect(takeEarlyApplication('other')).toBeUndefined();
    await expect(takeEarlyApplication('hightech-cultivation')).resolves.toMatchObject({ id: 'a-1' });
    const time = await takeEarlyServerTime();
    expect(time?.serverNow.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(time && time.receivedAt >= time.sentAt).toBe(true);
    // Taken once: a second visit asks again.
    expect(takeEarlyApplication('hightech-cultivation')).toBeUndefined();
    expect(takeEarlyServerTime()).toBeUndefined();
    expect(asked).toHaveLength(2);
  });

  it('asks for nothing for a visitor, on another page, or without an activity', async () => {
    startEarlyApplicationCalls({ pathname: '/home/activities/applicationForm', search: '?activityId=x' }, false);
    startEarlyApplicationCalls({ pathname: '/home', search: '?activityId=x' }, true);
    startEarlyApplicationCalls({ pathname: '/home/activities/teamInfoGroup', search: '' }, true);
    await settle();
    expect(asked).toEqual([]);
    // A step page of the spec is the form too.
    startEarlyApplicationCalls({ pathname: '/home/activities/teamInfoGroup/', search: '?activityId=x' }, true);
    await settle();
    expect(asked).toEqual(['/sys/form/data/query?activityId=x', '/sys/form/data/getTime']);
  });
});
