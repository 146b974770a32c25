/**
 * Package installs from sources the user did not state: a registry flag, a URL or git spec, a tarball.
 * Installs by name from the stated (default: public) registries are not a category. Pure.
 */

import { type Invocation, optionText, plain, type Reporter } from '../unwrap/invocation';
import { covers, DEFAULT_PACKAGE_SOURCES, hostOf } from './network-target';

const INSTALLERS: Record<string, readonly string[]> = {
  npm: ['install', 'i', 'add', 'ci', 'exec', 'x'],
  pnpm: ['install', 'i', 'add', 'dlx'],
  yarn: ['add', 'install', 'dlx'],
  bun: ['add', 'install', 'i', 'x'],
  pip: ['install', 'download'],
  pip3: ['install', 'download'],
  pipx: ['install', 'run'],
  uv: ['add', 'pip'],
  gem: ['install'],
  cargo: ['install', 'add'],
  go: ['install', 'get'],
  npx: [''],
};

const SOURCE_OPTIONS =
  /^(--registry|--index-url|-i|--extra-index-url|--find-links|-f|--source|--git|--index|--trusted-host)(=|$)/;

/** Package managers' commands that remove a package. */
const REMOVERS: Record<string, readonly string[]> = {
  npm: ['uninstall', 'un', 'remove', 'rm', 'r', 'unlink'],
  pnpm: ['remove', 'rm', 'uninstall', 'un', 'unlink'],
  yarn: ['remove', 'unlink'],
  bun: ['remove', 'rm', 'unlink'],
};

/** `npm uninstall -g gavel`: with gavel gone the agent's hook no longer runs. */
export function removesGavel(inv: Invocation, r: Reporter): void {
  const subs = REMOVERS[inv.program];
  if (!subs) return;
  const words = inv.args.map((w) => optionText(w)).filter((t) => !t.startsWith('-') && t !== 'global');
  if (!subs.includes(words[0] ?? '')) return;
  if (words.slice(1).some((t) => /^(@[^/]+\/)?gavel(@.*)?$/.test(t)))
    r.hit(
      'disable_security_control',
      `\`${inv.program}\` removes gavel, the agent's action review`,
      inv.segment,
    );
}

export function detectPackages(inv: Invocation, r: Reporter): void {
  const subs = INSTALLERS[inv.program];
  if (!subs) return;
  const texts = inv.args.map((w) => optionText(w));
  const sub = (texts.find((t) => !t.startsWith('-')) ?? '').toLowerCase();
  if (!subs.includes(sub) && !subs.includes('')) return;
  const stated = [...(r.env.packageSources ?? DEFAULT_PACKAGE_SOURCES)];
  const unstated = (host: string | undefined) => host !== undefined && !covers(stated, host);
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i] ?? '';
    const m = SOURCE_OPTIONS.exec(t);
    if (m) {
      const value = m[2] === '=' ? t.slice(t.indexOf('=') + 1) : plain(inv.args[++i]);
      const host = hostOf(value) ?? value;
      if (unstated(host)) {
        r.hit(
          'package_install_from_unstated_source',
          `\`${inv.program} ${sub}\` installs from a source nobody stated (${host.slice(0, 60)})`,
          inv.segment,
        );
      }
      continue;
    }
    if (t.startsWith('-')) continue;
    const spec = t.replace(/^[\w@/.-]+@(?=\w+:)/, '');
    if (
      /^(git\+|git:|github:|gitlab:|bitbucket:|https?:|file:|ssh:)/.test(spec) ||
      /\.(tgz|tar\.gz|whl|zip)$/.test(spec) ||
      (/^[\w-]+\/[\w.-]+(#.*)?$/.test(spec) &&
        ['npm', 'pnpm', 'yarn', 'bun', 'npx'].includes(inv.program) &&
        !spec.startsWith('@'))
    ) {
      const host = hostOf(spec.replace(/^git\+/, '')) ?? spec.split(':')[0] ?? spec;
      if (unstated(host) || !/^https?:|^git\+https?:/.test(spec)) {
        r.hit(
          'package_install_from_unstated_source',
          `\`${inv.program} ${sub}\` installs from a URL, git or file source nobody stated`,
          inv.segment,
        );
      }
    }
  }
}
