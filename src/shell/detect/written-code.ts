/**
 * Runners that load project code they find on disk (test collectors, build tools, package managers and
 * installers): when this command line wrote a file of the kind the runner loads earlier on (`echo … > a.test.js
 * && npx vitest run`, `… > build.rs && cargo build`, `… > setup.py && pip install -e .`), the run executes text
 * gavel has not reviewed as the runner reads it: uncertain, whatever writer wrote it. Called before the
 * invocation's own writes are noted (`npm test > out.json` does not count). Pure apart from reporting.
 */

import { type Invocation, plain, type Reporter } from '../unwrap/invocation';
import { writesUnseen } from './disk-scripts';
import { writtenPaths } from './written-scripts';

/** An archive unpacked: what it writes is not named on the command line (`tar xf`, `unzip`, `7z x`). */
function unpacks(program: string, argv: readonly string[]): boolean {
  const args = argv.slice(1);
  if (/^(?:tar|bsdtar|gtar)$/.test(program))
    return args.some(
      (a) => (!a.startsWith('--') && /^-?[a-wyzA-Z]*x/.test(a)) || /^--(?:extract|get)$/.test(a),
    );
  if (program === 'unzip') return !args.some((a) => /^-[a-zA-Z]*[lvZ]/.test(a));
  if (/^7za?$/.test(program)) return /^[xe]$/.test(args[0] ?? '');
  return program === 'cpio' && args.some((a) => /^-[a-zA-Z]*i|^--extract$/.test(a));
}

const JS =
  /\.[cm]?[jt]sx?$|\.json5?$|\/\.npmrc$|\/\.yarnrc(?:\.yml)?$|\/bunfig\.toml$|\/\.pnpmfile\.cjs$|\.node$/;
const PY =
  /\.py$|\/pyproject\.toml$|\/setup\.cfg$|\/requirements[^/]*\.txt$|\/(?:tox|pytest)\.ini$|\/\.pth$|\.pth$/;
const GO = /\.go$|\/go\.(?:mod|work)$/;
const RUST = /\.rs$|\/Cargo\.toml$|\/\.cargo\/config(?:\.toml)?$|\/rust-toolchain(?:\.toml)?$/;
const RUBY = /\.rb$|\.rake$|\/(?:Gemfile|Rakefile|\.rspec|\.rubocop\.yml)$/;
const JVM = /\.(?:java|kt|kts|gradle|groovy|scala)$|\/pom\.xml$|\/gradle\.properties$|\/\.mvn\//;
const DOTNET = /\.(?:cs|fs|vb|csproj|fsproj|vbproj|props|targets|sln)$/;
const PHP = /\.php$|\/composer\.json$|\/phpunit\.xml(?:\.dist)?$/;
const ELIXIR = /\.exs?$/;
const SWIFT = /\.swift$/;
/** Scripts a package script may call by path (`"pretest": "sh scripts/pretest.sh"`). */
const SCRIPTS = /\.(?:sh|bash|zsh|fish|py|rb|pl|php|ps1)$|\/(?:scripts|bin|tools|\.husky)\/[^/]+$/;
const JS_SCRIPTS = new RegExp(`${JS.source}|${SCRIPTS.source}`);

/** Programs that load project code whatever their subcommand. */
const ALWAYS: Record<string, RegExp> = {
  vitest: JS,
  jest: JS,
  mocha: JS,
  ava: JS,
  tap: JS,
  playwright: JS,
  cypress: JS,
  eslint: JS,
  prettier: JS,
  webpack: JS,
  rollup: JS,
  vite: JS,
  next: JS,
  nuxt: JS,
  turbo: JS,
  nx: JS,
  lerna: JS,
  'lint-staged': JS,
  tox: PY,
  nox: PY,
  rake: RUBY,
  rspec: RUBY,
  rails: RUBY,
  rubocop: RUBY,
  mvn: JVM,
  mvnw: JVM,
  gradle: JVM,
  gradlew: JVM,
  phpunit: PHP,
  artisan: PHP,
  mix: ELIXIR,
};

/** Subcommands that read and print only. */
const NPM_READ_ONLY =
  /^(?:view|info|show|ls|list|ll|la|outdated|audit|search|help|config|get|whoami|why|explain|owner|ping|doctor|docs|repo|bugs|home|-v|--version|-h|--help)$/;

/** The pattern of files a run of `inv` loads, or undefined when it loads none this way. */
/** The first word not an option (a subcommand), or ''. */
function subOf(inv: Invocation): string {
  for (const w of inv.args) {
    const text = plain(w);
    if (!text.startsWith('-')) return text;
  }
  return '';
}

function loads(inv: Invocation): RegExp | undefined {
  const p = inv.program;
  const always = ALWAYS[p];
  if (always) return always;
  // Most programs load nothing here: their words are read only in the cases below (no array per invocation).
  switch (p) {
    case 'npm':
    case 'pnpm':
    case 'yarn':
    case 'bun':
    case 'npx':
    case 'bunx':
      return NPM_READ_ONLY.test(subOf(inv)) ? undefined : JS_SCRIPTS;
    case 'deno':
      return /^(?:test|run|task|bench|serve|install|compile)$/.test(subOf(inv)) ? JS : undefined;
    case 'node':
      return inv.args.some((w) => plain(w) === '--test') ? JS : undefined;
    case 'go':
      return /^(?:test|run|generate|install|build)$/.test(subOf(inv)) ? GO : undefined;
    case 'cargo':
      return /^(?:build|b|check|c|test|t|run|r|bench|clippy|doc|d|install|fix|nextest)$/.test(subOf(inv))
        ? RUST
        : undefined;
    case 'pip':
    case 'pip3':
    case 'poetry':
    case 'pdm':
    case 'hatch':
    case 'uv':
      return /^(?:install|sync|run|build|develop|lock|add|pip|exec)$/.test(subOf(inv)) ? PY : undefined;
    case 'python':
    case 'python3': {
      const words = inv.args.map((w) => plain(w));
      const m = words.indexOf('-m');
      return m >= 0 && /^(?:pip|build|unittest|tox|nox|setup)$/.test(words[m + 1] ?? '') ? PY : undefined;
    }
    case 'bundle':
    case 'bundler':
      return /^(?:install|exec|update|check|list)$/.test(subOf(inv)) ? RUBY : undefined;
    case 'dotnet':
      return /^(?:test|run|build|restore|publish|pack)$/.test(subOf(inv)) ? DOTNET : undefined;
    case 'composer':
      return /^(?:install|update|require|run|run-script|test|exec)$/.test(subOf(inv)) ? PHP : undefined;
    case 'swift':
      return /^(?:build|test|run)$/.test(subOf(inv)) ? SWIFT : undefined;
    default:
      return undefined;
  }
}

/** Reports a run that loads a file of its kind this command line wrote earlier. */
export function runsWrittenCode(inv: Invocation, r: Reporter): void {
  const pattern = loads(inv);
  if (pattern === undefined) return;
  const written = writtenPaths(r);
  // A writer whose target hides in its arguments (`sed 'w f'`, `find -fprintf`, `awk '{print > f}'`) or an
  // archive unpacked: what it wrote is not known, so it may be what the runner loads.
  const unseen = r.segments
    .slice(0, inv.segment)
    .some((s) => writesUnseen(s.program, s.argv) || unpacks(s.program, s.argv));
  if (!unseen && !written.some((p) => pattern.test(p))) return;
  r.uncertain(
    'dynamic-script',
    `\`${inv.program}\` loads project files this command writes, which gavel does not review as code`,
    inv.segment,
    'kept',
  );
}
