/**
 * Package installs from sources the user did not state: a registry flag, a URL or git spec, a tarball, a local
 * folder or file outside the workspace (its install scripts or setup.py run), a yarn `exec:` spec (runs a script),
 * a conda channel given by URL or path, and the requirement files pip and uv read before installing (see
 * requirement-files.ts). Installs by name from the stated (default: public) registries, and of folders inside
 * the workspace (`pip install -e .`), are not a category. Pure apart from the injected reader and reporting.
 */

import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { installTarget } from './install-target';
import { covers, DEFAULT_PACKAGE_SOURCES, hostOf } from './network-target';
import { resolveArg } from './path-effects';
import { requirementFiles } from './requirement-files';
import { runnerOf } from './runner-options';

const INSTALLERS: Record<string, readonly string[]> = {
  npm: ['install', 'i', 'add', 'ci', 'exec', 'x', 'in', 'ins', 'inst', 'insta', 'instal', 'isnt', 'isntall'],
  pnpm: ['install', 'i', 'add', 'dlx'],
  yarn: ['add', 'install', 'dlx'],
  bun: ['add', 'install', 'i', 'x'],
  pip: ['install', 'download', 'wheel'],
  pip3: ['install', 'download', 'wheel'],
  pipx: ['install', 'run', 'inject'],
  uv: ['add', 'pip', 'tool'],
  poetry: ['add'],
  pdm: ['add'],
  pipenv: ['install'],
  conda: ['install', 'create', 'update'],
  mamba: ['install', 'create', 'update'],
  micromamba: ['install', 'create', 'update'],
  pixi: ['add'],
  gem: ['install'],
  cargo: ['install', 'add'],
  go: ['install', 'get'],
  npx: [''],
  uvx: [''],
};

const SOURCE_OPTIONS =
  /^(--registry|--index-url|-i|--extra-index-url|--find-links|-f|--source|--git|--index|--trusted-host|--default-index)(=|$)/;
/** conda's channel options: a channel given by URL or path is a package source. */
const CHANNEL_OPTIONS = /^(-c|--channel)(=|$)/;
const CONDA = /^(conda|mamba|micromamba|pixi)$/;
/** Options that take a separate value, for telling operands from option values (all installers together). */
const VALUE_OPTIONS = new Set(
  '-r --requirement -c --constraint -e --editable -t --target --prefix --root --python -p --platform --src --cache-dir --log --progress-bar --only-binary --no-binary --python-version --implementation --abi --upgrade-strategy -d --dest --config-settings -C --tag --cache -w --workspace --omit --include --save-prefix --loglevel --group -G --extras -E -n --name --file --channel --path --branch --rev --features --bin --version --with -s --subdirectory --dir --filter -F --dev-group --optional'.split(
    ' ',
  ),
);
/** pip's requirement and constraint file options, read before installing. */
const REQUIREMENT_OPTIONS = /^(-r|--requirement|-c|--constraint|--requirements)(=|$)/;
/** pip's editable option: a folder or a VCS URL. */
const EDITABLE = /^(-e|--editable)(=|$)/;

/** A spec naming a local folder or file rather than a package (`.`, `./x`, `/tmp/x`, `../x`, `a/b`). */
function localSpec(text: string, program: string): boolean {
  if (/^(\/|~|\.\.?(\/|$))/.test(text)) return true;
  // `user/repo` is a GitHub shorthand for the JavaScript managers (a URL source), `@scope/x` a name, and
  // `example.com/x` a Go module: only Python's installers take `a/b` for a folder.
  if (!/^(pip3?|uv|poetry|pdm|pipenv|pipx)$/.test(program)) return false;
  return text.includes('/') && !/^[a-z][\w+.-]*:/i.test(text);
}
/** Package managers' commands that remove a package. */
const REMOVERS: Record<string, readonly string[]> = {
  npm: ['uninstall', 'un', 'remove', 'rm', 'r', 'unlink'],
  pnpm: ['remove', 'rm', 'uninstall', 'un', 'unlink'],
  yarn: ['remove', 'unlink'],
  bun: ['remove', 'rm', 'unlink'],
};

/** `npm uninstall -g gavel`: with gavel gone the agent's hook no longer runs. */
/** The programs removesGavel looks at. */
export const REMOVERS_PROGRAMS = () => Object.keys(REMOVERS);
/** The programs detectPackages looks at: an installer, or python running one (`python -m pip`). */
export const PACKAGES_PROGRAMS = () => [...Object.keys(INSTALLERS), 'python'];

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

/** Commands that run one package rather than install a list: only their first operand is a package spec. */
const RUNS_ONE = new Set(['', 'exec', 'x', 'dlx', 'run']);
const JS = /^(npm|pnpm|yarn|bun|npx)$/;

export function detectPackages(inv: Invocation, r: Reporter): void {
  const { program, args } = runnerOf(inv);
  const subs = INSTALLERS[program];
  if (!subs) return;
  const texts = args.map((w) => optionText(w));
  const subAt = texts.findIndex((t) => !t.startsWith('-'));
  const sub = (texts[subAt] ?? '').toLowerCase();
  if (!subs.includes(sub) && !subs.includes('')) return;
  // `uv pip install`, `uv tool install`: the operands start after the second word.
  const second = program === 'uv' && sub !== 'add' ? (texts[subAt + 1] ?? '') : '';
  const firstOperand = subs.includes('') ? 0 : second ? subAt + 2 : subAt + 1;
  const stated = [...(r.env.packageSources ?? DEFAULT_PACKAGE_SOURCES)];
  const unstated = (host: string | undefined) => host !== undefined && !covers(stated, host);
  const label = `\`${program} ${sub}${second ? ` ${second}` : ''}\``;
  if (
    (/^pip3?$/.test(program) && sub === 'install') ||
    (program === 'uv' && sub === 'pip' && second === 'install')
  )
    installTarget(args.slice(firstOperand), label, inv, r);
  const hit = (why: string) => r.hit('package_install_from_unstated_source', `${label} ${why}`, inv.segment);
  /** A local folder or file: inside the workspace it is the project's own; elsewhere its code is not. */
  const local = (word: Word, text: string) => {
    if (!isLiteral(word)) {
      hit('installs from a place named at run time');
      return;
    }
    const res = resolveArg({ text, flow: word.flow }, inv, r);
    if (res.class !== 'workspace' || (res.real !== undefined && res.real !== res.resolved))
      hit('installs from a folder or file outside the workspace, whose install code runs');
  };
  /** A package spec: a URL, git, file or exec source, a tarball, or a local path. */
  const spec = (word: Word, text: string): void => {
    const bare = text.replace(/^[\w@/.-]+@(?=[a-z]+:)/, '');
    if (/^exec:/.test(bare)) {
      hit('runs a script to make the package (an `exec:` source)');
      return;
    }
    const path = /^(file|link|portal):(.*)$/.exec(bare);
    if (path) {
      local(word, (path[2] ?? '').replace(/^\/\/(?=\/)/, ''));
      return;
    }
    if (
      /^(git\+|git:|github:|gitlab:|bitbucket:|https?:|ssh:|hg\+|svn\+|bzr\+)/.test(bare) ||
      (/^[\w-]+\/[\w.-]+(#.*)?$/.test(bare) && JS.test(program) && !bare.startsWith('@'))
    ) {
      const host = hostOf(bare.replace(/^(git|hg|svn|bzr)\+/, '')) ?? bare.split(':')[0] ?? bare;
      if (unstated(host) || !/^https?:|^git\+https?:/.test(bare))
        hit('installs from a URL, git or file source nobody stated');
      return;
    }
    // pip's `name @ file:///x` and `name@/x` forms name the source after the `@`.
    const at = /^[\w.[\],-]+\s*@\s*(.+)$/.exec(bare);
    if (at && !JS.test(program)) {
      spec(word, (at[1] ?? '').trim());
      return;
    }
    if (localSpec(bare, program) || /\.(tgz|tar\.gz|whl|zip|gem|crate)$/.test(bare)) local(word, bare);
  };
  const runsOne = subs.includes('') || RUNS_ONE.has(sub) || second === 'run';
  const judge = (words: readonly Word[], from: number, fromFile = false): void => {
    let operands = 0;
    for (let i = 0; i < words.length; i++) {
      const w = words[i] as Word;
      const t = optionText(w);
      const optionValue = (): { word?: Word; text: string } => {
        if (t.startsWith('-') && t.includes('=')) {
          const word = { text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow };
          return { word, text: t.slice(t.indexOf('=') + 1) };
        }
        const word = words[++i];
        return { word, text: plain(word) };
      };
      if (CONDA.test(program) && CHANNEL_OPTIONS.test(t)) {
        const { word, text } = optionValue();
        if (/^[a-z][\w+.-]*:/i.test(text)) {
          if (unstated(hostOf(text) ?? text)) hit('installs from a channel nobody stated');
        } else if (word && localSpec(text, program)) local(word, text);
        continue;
      }
      const m = SOURCE_OPTIONS.exec(t);
      if (m && !(CONDA.test(program) && m[1] === '-f')) {
        const { word, text } = optionValue();
        const host = hostOf(text);
        if (host === undefined && word && /^(-f|--find-links)$/.test(m[1] ?? '') && localSpec(text, 'pip')) {
          local(word, text);
          continue;
        }
        const name = host ?? text;
        if (unstated(name)) hit(`installs from a source nobody stated (${name.slice(0, 60)})`);
        continue;
      }
      if (REQUIREMENT_OPTIONS.test(t) && /^(pip3?|uv|pdm|poetry)$/.test(program)) {
        const { word } = optionValue();
        if (word) judge(requirementFiles(word, label, inv, r), 0, true);
        continue;
      }
      if (EDITABLE.test(t) && !JS.test(program)) {
        const { word, text } = optionValue();
        if (word) spec(word, text);
        continue;
      }
      // The package a one-off run takes its tool from (`--from`/`--with` of `uvx` and `uv tool run`).
      if (runsOne && /^(--spec|--package|-p|--from|--with)(=|$)/.test(t)) {
        const { word, text } = optionValue();
        if (word) spec(word, text);
        continue;
      }
      if (program === 'cargo' && /^--path(=|$)/.test(t)) {
        const { word, text } = optionValue();
        if (word) local(word, text);
        continue;
      }
      if (t.startsWith('-')) {
        if (!t.includes('=') && VALUE_OPTIONS.has(t)) i++;
        continue;
      }
      if (i < from) continue;
      // `uv pip sync r.txt`, `pip-sync`: operands are requirement files.
      if (second === 'sync' && !fromFile) {
        judge(requirementFiles(w, label, inv, r), 0, true);
        continue;
      }
      spec(w, t);
      if (runsOne && !fromFile && ++operands >= 1) return;
    }
  };
  judge(args, firstOperand);
}
