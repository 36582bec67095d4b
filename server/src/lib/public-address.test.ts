import { describe, expect, it } from 'vitest';
import { addressList, isReachable } from './public-address';

describe('isReachable', () => {
  const none = addressList([]);

  it('refuses this host, private, shared, link-local and non-global addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '0.0.0.0',
      '10.20.30.40',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      'fd00::1',
      'fc12:3456::1',
      'fe80::1',
      'ff02::1',
    ])
      expect(isReachable(address, none), address).toBe(false);
  });

  it('reaches public addresses', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700::1111'])
      expect(isReachable(address, none), address).toBe(true);
  });

  it('reaches the private addresses and ranges a shop allows, and no others', () => {
    const allowed = addressList(['10.1.0.0/16', '192.168.1.20', 'fd00::/8']);
    expect(isReachable('10.1.2.3', allowed)).toBe(true);
    expect(isReachable('192.168.1.20', allowed)).toBe(true);
    expect(isReachable('fd00::5', allowed)).toBe(true);
    expect(isReachable('10.2.0.1', allowed)).toBe(false);
    expect(isReachable('192.168.1.21', allowed)).toBe(false);
    expect(isReachable('169.254.169.254', allowed)).toBe(false);
  });
});
