import { describe, expect, it } from 'vitest';
import { isIpLiteral, nonPublicKind, webhookUrlProblem } from './public-address';

describe('IP addresses and host names', () => {
  it.each([
    '0.0.0.0',
    '255.255.255.255',
    '10.1.2.3',
    '::',
    '::1',
    '[::1]',
    '1::',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '2001:db8::8a2e:370:7334',
    '1:2:3:4:5:6:7:8',
    '1:2:3:4:5:6:1.2.3.4',
    'fe80::1%eth0',
    'FE80::A',
  ])('%s is an address', (text) => expect(isIpLiteral(text)).toBe(true));

  // Only four decimal parts make an IPv4 address here: the URL parser has already turned every
  // other notation (0x7f.1, 2130706433) into one, and a DNS answer is written that way.
  it.each([
    '256.0.0.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '0x7f.0.0.1',
    '2130706433',
    '1.2.3.-4',
    'a.b.c.d',
    '1..2.3',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    '1:::2',
    '12345::',
    'g::1',
    '1.2.3.4::',
    '::1.2.3.4:5',
    '1:2:3:4::5:6:7:8',
    '',
    'hooks.example.com',
    '1.2.3.4.example',
  ])('%j is not an address', (text) => expect(isIpLiteral(text)).toBe(false));
});

describe('public IPv4 addresses', () => {
  // Each block's first and last address, and the addresses just outside it.
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.255.255.255', 'unspecified'],
    ['1.0.0.0', null],
    ['9.255.255.255', null],
    ['10.0.0.0', 'private'],
    ['10.0.0.5', 'private'],
    ['10.255.255.255', 'private'],
    ['11.0.0.0', null],
    ['100.63.255.255', null],
    ['100.64.0.0', 'shared'],
    ['100.127.255.255', 'shared'],
    ['100.128.0.0', null],
    ['126.255.255.255', null],
    ['127.0.0.0', 'loopback'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.255', 'loopback'],
    ['128.0.0.0', null],
    ['169.253.255.255', null],
    ['169.254.0.0', 'link-local'],
    ['169.254.169.254', 'link-local'],
    ['169.254.255.255', 'link-local'],
    ['169.255.0.0', null],
    ['172.15.255.255', null],
    ['172.16.0.0', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.0', null],
    ['192.0.0.0', 'reserved'],
    ['192.0.2.0', 'reserved'],
    ['192.0.3.0', null],
    ['192.88.99.1', 'reserved'],
    ['192.167.255.255', null],
    ['192.168.0.0', 'private'],
    ['192.168.255.255', 'private'],
    ['192.169.0.0', null],
    ['198.17.255.255', null],
    ['198.18.0.0', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.20.0.0', null],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.255', 'reserved'],
    ['203.0.114.0', null],
    ['223.255.255.255', null],
    ['224.0.0.0', 'multicast'],
    ['239.255.255.255', 'multicast'],
    ['240.0.0.0', 'reserved'],
    ['255.255.255.255', 'reserved'],
    // AS112 and AMT relays are special-purpose too: no webhook receiver lives there.
    ['192.31.196.1', 'reserved'],
    ['192.175.48.1', 'reserved'],
    ['192.52.193.1', 'reserved'],
    ['8.8.8.8', null],
    ['93.184.216.34', null],
  ])('%s is %s', (address, kind) => expect(nonPublicKind(address)).toBe(kind));
});

describe('public IPv6 addresses', () => {
  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    // IPv4-mapped: judged by the IPv4 address it carries (ipaddr.js reads `::a.b.c.d` as one too).
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:8.8.8.8', null],
    ['::127.0.0.1', 'loopback'],
    ['::8.8.8.8', null],
    // IPv4-compatible (deprecated, never routed) as the URL parser and DNS write it, and IPv4-translated.
    ['::2', 'reserved'],
    ['::7f00:1', 'reserved'],
    ['::808:808', 'reserved'],
    ['::ffff:0:808:808', 'reserved'],
    // NAT64.
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::192.168.1.1', 'private'],
    ['64:ff9b::8.8.8.8', null],
    ['64:ff9b:1::8.8.8.8', 'private'],
    // 6to4 carries its IPv4 address after the prefix.
    ['2002:7f00:1::', 'loopback'],
    ['2002:0a00:0001::1', 'private'],
    ['2002:0808:0808::1', null],
    ['100::1', 'reserved'],
    // Teredo, benchmarking, AMT, AS112, ORCHID: IETF protocol assignments, never a web server.
    ['2001::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['2001:2::1', 'reserved'],
    ['2001:3::1', 'reserved'],
    ['2001:4:112::1', 'reserved'],
    ['2001:20::1', 'reserved'],
    ['2620:4f:8000::1', 'reserved'],
    ['5f00::1', 'reserved'],
    ['2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff', 'reserved'],
    ['2001:200::1', null],
    ['2001:db7:ffff:ffff:ffff:ffff:ffff:ffff', null],
    ['2001:db8::', 'reserved'],
    ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', 'reserved'],
    ['2001:db9::', null],
    ['1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'reserved'],
    ['2000::', null],
    ['2606:4700:4700::1111', null],
    ['3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff', 'reserved'],
    ['3fff:1000::', null],
    ['4000::', 'reserved'],
    ['fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'reserved'],
    ['fc00::', 'private'],
    ['fd12:3456::1', 'private'],
    ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'private'],
    ['fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'reserved'],
    ['fe80::', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'link-local'],
    ['fec0::1', 'private'],
    ['ff00::', 'multicast'],
    ['ff02::1', 'multicast'],
  ])('%s is %s', (address, kind) => expect(nonPublicKind(address)).toBe(kind));

  it('never calls something that is not an address public', () => {
    expect(nonPublicKind('hooks.example.com')).toBe('reserved');
    expect(nonPublicKind('')).toBe('reserved');
  });
});

describe('webhook URLs', () => {
  it.each([
    'https://hooks.example.com/bawaba',
    'https://hooks.example.com:8443/bawaba?merchant=7#x',
    'https://8.8.8.8/hooks',
    'https://[2606:4700:4700::1111]/hooks',
    'https://localhost.example.com/hooks',
    'https://hooks.alnoor-trading.test/bawaba/webhook',
  ])('%s may be called', (url) => expect(webhookUrlProblem(url)).toBeNull());

  it.each([
    ['http://hooks.example.com/', 'not-https'],
    ['ftp://hooks.example.com/', 'not-https'],
    ['javascript:alert(1)', 'not-https'],
    ['hooks.example.com/path', 'invalid'],
    ['/relative', 'invalid'],
    ['https://', 'invalid'],
    ['https://hooks.example.com/a b', 'invalid'],
    ['https://hooks.example.com/\tx', 'invalid'],
    ['https://مثال.example/', 'invalid'],
    ['https://user:secret@hooks.example.com/', 'credentials'],
    ['https://user@hooks.example.com/', 'credentials'],
    ['https://localhost/', 'local-host'],
    ['https://LOCALHOST:8443/', 'local-host'],
    ['https://localhost./', 'local-host'],
    ['https://api.localhost/', 'local-host'],
    ['https://127.0.0.1/', 'loopback'],
    // The URL parser reads these as 127.0.0.1 too.
    ['https://2130706433/', 'loopback'],
    ['https://0x7f.1/', 'loopback'],
    ['https://[::1]/', 'loopback'],
    ['https://[::ffff:127.0.0.1]/', 'loopback'],
    // …and this [::7f00:1], an IPv4-compatible address.
    ['https://[::127.0.0.1]/', 'reserved'],
    ['https://[64:ff9b::10.0.0.1]/', 'private'],
    ['https://[2002:a9fe:a9fe::]/', 'link-local'],
    ['https://169.254.169.254/latest/meta-data/', 'link-local'],
    ['https://10.0.0.5/', 'private'],
    ['https://[fd00::1]/', 'private'],
    ['https://0.0.0.0/', 'unspecified'],
  ])('%s is refused: %s', (url, problem) => expect(webhookUrlProblem(url)).toBe(problem));

  it('accept http and private hosts when the server allows them, but never credentials', () => {
    const policy = { allowPrivate: true };
    expect(webhookUrlProblem('http://127.0.0.1:4000/hooks', policy)).toBeNull();
    expect(webhookUrlProblem('http://localhost:4000/hooks', policy)).toBeNull();
    expect(webhookUrlProblem('https://[::1]/hooks', policy)).toBeNull();
    expect(webhookUrlProblem('ftp://localhost/', policy)).toBe('not-https');
    expect(webhookUrlProblem('http://user:pw@localhost/', policy)).toBe('credentials');
  });
});
