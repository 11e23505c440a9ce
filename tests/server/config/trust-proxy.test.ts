import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config/server-config';

const trustProxy = (value: string | undefined) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset or empty', () => {
    expect(trustProxy(undefined)).toBeUndefined();
    expect(trustProxy('')).toBeUndefined();
    expect(trustProxy('  ')).toBeUndefined();
  });

  it('reads a comma-separated list of IP addresses and CIDR ranges', () => {
    expect(trustProxy('10.0.0.0/8,127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(trustProxy(' 192.168.1.10 , ::1, fd00::/8,172.16.0.0/12 ')).toEqual(['192.168.1.10', '::1', 'fd00::/8', '172.16.0.0/12']);
    expect(trustProxy('10.1.2.3/32,2001:db8::1/128')).toEqual(['10.1.2.3/32', '2001:db8::1/128']);
  });

  it.each([
    'true',
    '*',
    '1',
    'loopback',
    'uniquelocal',
    'proxy.example',
    '256.0.0.1',
    '10.0.0',
    '010.0.0.1',
    '10.0.0.0/33',
    '::1/129',
    '10.0.0.0/',
    '10.0.0.0/08',
    '10.0.0.0/8/8',
    '10.0.0.0/255.0.0.0',
    '10.0.0.1,,10.0.0.2',
    '10.0.0.1,',
    'fe80::1%eth0',
    '0.0.0.0/0',
    '::/0',
  ])('refuses %j', (value) => {
    expect(() => trustProxy(value)).toThrow(ConfigError);
  });
});
