import { describe, expect, it } from 'vitest';
import { addressCheckFor, LOOPBACK_NETWORKS, parseNetworks, targetUrlRefusal } from './targets.js';

// Issue 40 item 1: the probe's accepted targets, each refused in every spelling.
describe('webhook targets (http/targets.ts)', () => {
  const loopbackOnly = addressCheckFor(LOOPBACK_NETWORKS);

  it('refuses link-local, metadata, unspecified, multicast and broadcast always, in every spelling', () => {
    const cases: [string, string][] = [
      [
        'http://169.254.169.254/latest/meta-data',
        '169.254.169.254 is a link-local address (cloud metadata lives there)',
      ],
      ['http://2852039166/', '169.254.169.254 is a link-local address (cloud metadata lives there)'],
      ['http://0xa9.0xfe.0xa9.0xfe/', '169.254.169.254 is a link-local address (cloud metadata lives there)'],
      ['http://0251.0376.0251.0376/', '169.254.169.254 is a link-local address (cloud metadata lives there)'],
      ['http://[::ffff:169.254.169.254]/', '169.254.169.254 is a link-local address (cloud metadata lives there)'],
      ['http://[fd00:ec2::254]/', 'fd00:ec2::254 is a cloud metadata address'],
      ['http://[fe80::1]/', 'fe80::1 is a link-local address (cloud metadata lives there)'],
      ['http://metadata.google.internal/computeMetadata/v1/', 'metadata.google.internal is a cloud metadata host name'],
      ['http://0.0.0.0:8080/', '0.0.0.0 is an unspecified address'],
      ['http://[::]/', ':: is an unspecified address'],
      ['http://224.0.0.1/', '224.0.0.1 is a multicast address'],
      ['http://255.255.255.255/', '255.255.255.255 is a reserved or broadcast address'],
      ['http://10.1.2.3/', '10.1.2.3 is a private address outside SIM_WEBHOOK_ALLOWED_NETWORKS'],
      ['http://172.16.0.9/', '172.16.0.9 is a private address outside SIM_WEBHOOK_ALLOWED_NETWORKS'],
      ['http://192.168.1.1/', '192.168.1.1 is a private address outside SIM_WEBHOOK_ALLOWED_NETWORKS'],
      ['http://[::ffff:10.0.0.1]/', '10.0.0.1 is a private address outside SIM_WEBHOOK_ALLOWED_NETWORKS'],
      ['http://127.0.0.1:22/', "port 22 is not a web server's port"],
      ['http://127.0.0.1:5432/', "port 5432 is not a web server's port"],
      [
        'http://user:pw@127.0.0.1:8080/hook',
        'the url must not hold credentials (user:password@): the receiver checks the signature made with the token',
      ],
      ['ftp://127.0.0.1/', 'the url must be an http(s) URL'],
    ];
    for (const [url, reason] of cases)
      expect({ url, reason: targetUrlRefusal(url, loopbackOnly) }).toEqual({ url, reason });
  });

  it('allows loopback by default, private ranges only where SIM_WEBHOOK_ALLOWED_NETWORKS says, public names', () => {
    for (const url of ['http://127.0.0.1:8080/lab/hooks/fdx/x', 'http://[::1]:9/h', 'https://hooks.example.test/x']) {
      expect(targetUrlRefusal(url, loopbackOnly)).toBeUndefined();
    }
    const office = addressCheckFor('10.0.0.0/8');
    expect(targetUrlRefusal('http://10.1.2.3/', office)).toBeUndefined();
    expect(targetUrlRefusal('http://127.0.0.1:8080/', office)).toBe(
      '127.0.0.1 is a loopback address outside SIM_WEBHOOK_ALLOWED_NETWORKS',
    );
    // Allowing a network never opens link-local.
    expect(addressCheckFor('0.0.0.0/0')('169.254.169.254')).toBe(
      '169.254.169.254 is a link-local address (cloud metadata lives there)',
    );
    expect(parseNetworks('10.0.0.0/33')).toBe(
      '"10.0.0.0/33" is not a network in CIDR notation (e.g. 127.0.0.0/8, 10.0.0.0/8, ::1/128)',
    );
  });
});
