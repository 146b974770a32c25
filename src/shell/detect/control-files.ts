/**
 * Security controls switched off through their configuration file or kernel switch, whatever program writes it
 * (`sed -i 's/SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config`, `echo 0 > /proc/sys/kernel/...`,
 * `tee /etc/sysctl.d/x.conf` fed `kernel.randomize_va_space=0`): a table of control files, each with the text that
 * turns its control off. A command that names such a file for writing, with that text in its words or its literal
 * input, is `disable_security_control`; the control's own tools are program-rules.ts. Reading the file (even for
 * that text: `grep SELINUX=disabled /etc/selinux/config`) or writing it with other text is not. Pure apart from
 * reporting; reads no file.
 */

import { resolvePath } from '../classify/classify-path';
import { type Invocation, optionText, plain, type Reporter } from '../unwrap/invocation';

interface ControlFile {
  /** Absolute path, or a folder ending in `/` (every file below it). */
  readonly paths: readonly string[];
  /** Text in the command that turns the control off (lower-cased input). */
  readonly off: RegExp;
  readonly what: string;
}

const KERNEL_OFF =
  /(kernel\.(randomize_va_space|yama\.ptrace_scope|kptr_restrict|dmesg_restrict|unprivileged_bpf_disabled|kexec_load_disabled)|fs\.protected_(symlinks|hardlinks|fifos|regular))\s*=\s*0\b|fs\.suid_dumpable\s*=\s*[12]\b/;

const CONTROL_FILES: readonly ControlFile[] = [
  {
    paths: ['/etc/selinux/config', '/etc/sysconfig/selinux'],
    off: /selinux\s*=\s*(disabled|permissive)/,
    what: 'SELinux',
  },
  {
    paths: ['/sys/fs/selinux/enforce', '/selinux/enforce'],
    off: /(^|[\s'"])0([\s'"]|$)/,
    what: 'SELinux enforcement',
  },
  {
    paths: ['/etc/sysctl.conf', '/etc/sysctl.d/', '/usr/lib/sysctl.d/', '/run/sysctl.d/', '/lib/sysctl.d/'],
    off: KERNEL_OFF,
    what: 'a kernel protection',
  },
  {
    paths: [
      '/proc/sys/kernel/randomize_va_space',
      '/proc/sys/kernel/yama/ptrace_scope',
      '/proc/sys/kernel/kptr_restrict',
      '/proc/sys/kernel/dmesg_restrict',
      '/proc/sys/kernel/unprivileged_bpf_disabled',
      '/proc/sys/fs/protected_symlinks',
      '/proc/sys/fs/protected_hardlinks',
      '/proc/sys/fs/protected_fifos',
      '/proc/sys/fs/protected_regular',
    ],
    off: /(^|[\s'"])0([\s'"]|$)/,
    what: 'a kernel protection',
  },
  {
    paths: ['/etc/default/grub', '/etc/default/grub.d/', '/etc/kernel/cmdline', '/boot/cmdline.txt'],
    off: /\b(selinux=0|enforcing=0|apparmor=0|security=(none\b|[\s'"]|$)|audit=0|lockdown=none|module\.sig_enforce=0|nokaslr)/,
    what: 'a kernel security module',
  },
  { paths: ['/etc/ufw/ufw.conf'], off: /enabled\s*=\s*no\b/, what: 'the firewall' },
  {
    paths: ['/etc/audit/audit.rules', '/etc/audit/rules.d/'],
    off: /(^|\s)-e\s+0\b|(^|\s)-d(\s|$)/,
    what: 'auditing',
  },
  { paths: ['/etc/audit/auditd.conf'], off: /disk_full_action\s*=\s*ignore|\bdisable\b/, what: 'auditing' },
  { paths: ['/etc/apparmor.d/disable/'], off: /[\s\S]?/, what: 'AppArmor' },
  { paths: ['/etc/apparmor.d/'], off: /flags\s*=\s*\([^)]*complain/, what: 'AppArmor' },
  {
    paths: ['/etc/fail2ban/jail.local', '/etc/fail2ban/jail.d/'],
    off: /enabled\s*=\s*false/,
    what: 'fail2ban',
  },
];

/** Programs that only read the files they name. */
const READERS = new Set([
  'cat',
  'less',
  'more',
  'head',
  'tail',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'ag',
  'ack',
  'diff',
  'cmp',
  'wc',
  'stat',
  'ls',
  'file',
  'test',
  '[',
  'bat',
  'view',
  'md5sum',
  'sha256sum',
]);

/** Programs that write only with an in-place option. */
const IN_PLACE: Readonly<Record<string, RegExp>> = {
  sed: /^(-[a-zA-Z]*i|--in-place)/,
  gsed: /^(-[a-zA-Z]*i|--in-place)/,
  perl: /^-[a-zA-Z]*i/,
  awk: /^inplace$/,
  gawk: /^inplace$/,
};

function controlOf(path: string): ControlFile | undefined {
  return CONTROL_FILES.find((c) =>
    c.paths.some((p) => (p.endsWith('/') ? path.startsWith(p) || path === p.slice(0, -1) : path === p)),
  );
}

/** A sed or perl substitution keeps only what it writes: `s/SELINUX=disabled/SELINUX=enforcing/` turns it on. */
function replacement(word: string): string {
  return word.replace(/(^|[\s;{])s([/|#,:@!])(?:\\.|(?!\2)[^\\])*\2/g, '$1s$2');
}

/** Reports a control file written with the text that turns its control off. */
export function controlFiles(inv: Invocation, r: Reporter): void {
  const cwd = inv.cwd ?? r.scope.cwd;
  const resolved = (text: string) => resolvePath(text, r.scope, cwd).resolved;
  const named: ControlFile[] = [];
  for (const redirect of inv.redirects) {
    if (!redirect.op.includes('>')) continue;
    const path = resolved(plain(redirect.target));
    const c = path === undefined ? undefined : controlOf(path);
    if (c) named.push(c);
  }
  const program = inv.program;
  const inPlace = IN_PLACE[program];
  const writes =
    !READERS.has(program) && (inPlace === undefined || inv.args.some((w) => inPlace.test(optionText(w))));
  if (writes)
    for (const w of inv.args) {
      const text = plain(w).replace(/^[^=/]*=(?=\/)/, '');
      if (!text.startsWith('/')) continue;
      const c = controlOf(resolved(text) ?? text);
      if (c) named.push(c);
    }
  if (named.length === 0) return;
  const words = [...inv.args.map((w) => replacement(plain(w))), inv.stdin.literal ?? '']
    .join('\n')
    .toLowerCase();
  const hit = named.find((c) => c.off.test(words));
  if (hit)
    r.hit(
      'disable_security_control',
      `\`${program}\` turns ${hit.what} off through its configuration`,
      inv.segment,
    );
}
