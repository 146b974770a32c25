import { describe, expect, it } from 'vitest';
import { addressClass, ipv4Value } from './address-class';

describe('addressClass', () => {
  it.each([
    ['localhost', 'loopback'],
    ['app.localhost', 'loopback'],
    ['127.0.0.1', 'loopback'],
    ['decimal loopback 2130706433', 'loopback'],
    ['octal loopback 0177.0.0.1', 'loopback'],
    ['hex loopback 0x7f.1', 'loopback'],
    ['short loopback 127.1', 'loopback'],
    ['0.0.0.0', 'loopback'],
    ['[::1]', 'loopback'],
    ['IPv4-mapped loopback [::ffff:127.0.0.1]', 'loopback'],
    ['IPv4-mapped loopback in hex [::ffff:7f00:1]', 'loopback'],
    ['169.254.169.254', 'metadata'],
    ['decimal metadata 2852039166', 'metadata'],
    ['hex metadata 0xa9fea9fe', 'metadata'],
    ['IPv4-mapped metadata [::ffff:169.254.169.254]', 'metadata'],
    ['NAT64 metadata [64:ff9b::a9fe:a9fe]', 'metadata'],
    ['AWS IPv6 metadata [fd00:ec2::254]', 'metadata'],
    ['ECS task metadata 169.254.170.2', 'metadata'],
    ['metadata.google.internal', 'metadata'],
    ['metadata.google.internal.', 'metadata'],
    ['169.254.10.1', 'link-local'],
    ['[fe80::1]', 'link-local'],
    ['10.0.0.5', 'private'],
    ['172.20.1.1', 'private'],
    ['192.168.1.10', 'private'],
    ['[fd12:3456::1]', 'private'],
    ['host.docker.internal', 'internal'],
    ['db.svc.cluster.local', 'internal'],
    ['printer.lan', 'internal'],
    ['a single label name intranet', 'internal'],
    ['example.com', 'public'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['[2606:4700::1111]', 'public'],
    ['an escaped dot after localhost localhost%2eevil.com', 'public'],
    ['escaped letters of localhost local%68ost', 'loopback'],
    ['an escaped address 127%2e0%2e0%2e1', 'loopback'],
    ['an escape that decodes to no name localhost%00.evil.com', 'public'],
    ['a broken escape localhost%zz', 'public'],
    ['a link-local zone [fe80::1%eth0]', 'link-local'],
  ])('%s', (name, want) => {
    const host = name.split(' ').pop() as string;
    expect(addressClass(host)).toBe(want);
  });

  it('reads IPv4 notations as inet_aton does, and refuses what is not one', () => {
    expect(ipv4Value('1.2.3.4')).toBe(0x01020304);
    expect(ipv4Value('1.0x10203')).toBe(0x01010203);
    expect(ipv4Value('256.1.1.1')).toBeUndefined();
    expect(ipv4Value('1.2.3.4.5')).toBeUndefined();
    expect(ipv4Value('08.1.1.1')).toBeUndefined();
    expect(ipv4Value('example.com')).toBeUndefined();
  });
});
