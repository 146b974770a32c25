/**
 * A program gavel does not model may still run a command given in its arguments (`unshare -r cmd`,
 * `aws-vault exec prod -- cmd`, `gosu user cmd`, `hyperfine 'cmd'`, `cmake -E rm ...`): wrappers and runners
 * are too many to list. For such a program, the words from the first literal positional that names a program
 * able to destroy, send or run something are analysed as a command of their own, and a literal argument that
 * is shell text starting with such a program is analysed as shell text. The program stays unknown (review);
 * what this adds is the categories, so the floor holds behind any wrapper, in every mode. Programs whose
 * arguments are data (patterns, names, pages) or run elsewhere (a container, a remote host) are not read
 * this way. Pure apart from reporting.
 */

import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';

/**
 * Programs that can delete, overwrite, change permissions, send data or run code: a command worth reading.
 * Not words many tools use as subcommands for something else (`env`, `exec`, `install`: `fnm env`).
 */
const ACTING = new Set(
  `rm rmdir shred srm wipe dd mke2fs wipefs fdisk sfdisk parted mkswap chmod chown chgrp chattr setfacl mv
truncate find git curl wget nc ncat netcat socat telnet sh bash zsh dash ksh fish csh tcsh busybox eval sudo su
doas python python2 python3 node perl ruby php lua kill pkill killall reboot shutdown halt poweroff systemctl
crontab scp rsync tee cp ln npm npx pip pip3 xargs chroot mount umount iptables userdel usermod
passwd`.split(/\s+/),
);

/**
 * Programs whose positional words are data (a pattern, a name, a page, a message) or a command that runs
 * somewhere else (a container, a pod, a remote host: their own detectors judge that).
 */
const ARGUMENTS_ARE_DATA = new Set(
  `grep egrep fgrep rg ag ack jq gojq jaq yq sed awk gawk mawk man whatis apropos info tldr help which whereis
type command hash file stat ls echo printf test [ [[ ssh kubectl docker podman nerdctl lxc vagrant gcloud az
aws heroku fly flyctl railway gh glab git`.split(/\s+/),
);

const isActing = (word: string): boolean => ACTING.has(word) || /^mkfs(\.\w+)?$/.test(word);

/**
 * Analyses commands a program not otherwise modelled carries in its arguments. A program whose argument
 * shapes the caller models (`env.modelled`: the safe catalogue's programs) is read only after a literal
 * `--`: before it, a word may be an option's value (`pytest -k rm`).
 */
export function embeddedCommands(inv: Invocation, r: Reporter): void {
  if (ARGUMENTS_ARE_DATA.has(inv.program) || isActing(inv.program)) return;
  const label = `${inv.program} (a command in its arguments)`;
  const from = r.env.modelled?.has(inv.program) ? inv.args.findIndex((w) => plain(w) === '--') + 1 : 0;
  if (from < 0 || (from === 0 && r.env.modelled?.has(inv.program))) return;
  const args = inv.args.slice(from);
  const start = args.findIndex((w) => isLiteral(w) && !plain(w).startsWith('-') && isActing(plain(w)));
  if (start >= 0) r.command(args.slice(start), inv, label);
  for (const w of args) {
    if (!isLiteral(w)) continue;
    const text = plain(w).trim();
    const first = text.split(/\s+/)[0] ?? '';
    if (text.includes(' ') && isActing(first)) r.script(text, inv, 'shell-string', label);
  }
}
