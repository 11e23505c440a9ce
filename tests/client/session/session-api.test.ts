import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../src/client/api/http';
import { fetchSessionUserInfo } from '../../../src/client/session/session-api';

vi.mock('../../../src/client/api/http', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
const get = vi.mocked(http.get);

const answer = (fullname: string) => ({ data: { code: 0, msg: 'ok', data: { fullname } } });

afterEach(() => vi.clearAllMocks());

describe('fetchSessionUserInfo', () => {
  it('answers calls made while one is running with that one request', async () => {
    let release: (value: unknown) => void = () => undefined;
    get.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    const first = fetchSessionUserInfo('token-a');
    const second = fetchSessionUserInfo('token-a');
    release(answer('张伟'));
    await expect(first).resolves.toEqual({ fullname: '张伟' });
    await expect(second).resolves.toEqual({ fullname: '张伟' });
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('asks again once the answer is in, and separately for another token or a non-silent call', async () => {
    get.mockResolvedValue(answer('张伟'));
    await fetchSessionUserInfo('token-a');
    await fetchSessionUserInfo('token-a');
    await Promise.all([fetchSessionUserInfo('token-b'), fetchSessionUserInfo('token-b', { silent: false })]);
    expect(get).toHaveBeenCalledTimes(4);
  });

  it('lets the next call try again after a failure', async () => {
    get.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(answer('李娜'));
    await expect(fetchSessionUserInfo('token-c')).rejects.toThrow('offline');
    await expect(fetchSessionUserInfo('token-c')).resolves.toEqual({ fullname: '李娜' });
  });
});
