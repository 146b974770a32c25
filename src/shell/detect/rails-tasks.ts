/**
 * The rake tasks a `rails` command loads: a Rails app's commands other than its own (`bin/rails assets:precompile`,
 * `db:migrate`, `-T`) go through rake, and `rails test` runs `test:prepare`; either way rake loads the app's
 * Rakefile and every `lib/tasks/**\/*.rake`, whose top-level code runs at once and whose tasks may enhance the one
 * named (`Rake::Task["assets:precompile"].enhance([...])`). Each file is read as the app's initializers are
 * (rails-boot.ts, test-bootstraps.ts): what it requires of the project is followed, and code anywhere in it that
 * may reach the system (a shell-out, rake's `sh`, a download, a deletion, the home folder) is uncertain; the
 * generated Rakefile's own lines (the app's `config/application` and `load_tasks`) are the app's boot. Commands
 * that load no task (server, generators, consoles) read nothing here. Pure apart from the injected reader and
 * reporting; never quotes a file.
 */

import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import { bootUncertain, filesBelow, MAX_BOOT } from './boot-files';
import { inFolder, projectFile } from './project-file';
import { BOOT_REACHES } from './rails-boot';
import { runnerOf } from './runner-options';
import { loadedProjectCode } from './test-bootstraps';

/** Rails' own commands that load no rake task; every other word goes to rake (`rails test` runs test:prepare). */
const NO_TASKS =
  /^(?:server|s|generate|g|destroy|d|console|c|runner|r|dbconsole|new|plugin|help|version|credentials:\w+|encrypted:\w+|secret)$/;

/** The generated Rakefile's lines: the app's boot (rails-boot.ts) and loading lib/tasks (read here). */
const GENERATED_LINES = [
  /^\s*require_relative\s*\(?\s*(["'])(?:\.\/)?config\/application\1\s*\)?\s*$/,
  /^\s*Rails\.application\.load_tasks\s*$/,
  // The default task's prerequisites are names of tasks read here or the framework's.
  /^\s*task\s*\(?\s*(?:default:|:default\s*=>)\s*(?:%[iw]\[[\w\s:]*\]|\[[\w\s:,'"]*\]|:[\w:]+|(["'])[\w:]+\1)\s*\)?\s*$/,
];

function withoutGeneratedLines(text: string): string {
  return text
    .split('\n')
    .filter((line) => !GENERATED_LINES.some((g) => g.test(line)))
    .join('\n');
}

/**
 * What counts as reaching the system in a task file: what counts in an initializer (rails-boot.ts), rake's own
 * shell and file helpers (`sh`, `ruby`, `rm_rf`, ...), and the home folder (where the user's keys are).
 */
const TASK_REACHES = new RegExp(
  `${BOOT_REACHES.source}|(?<![.\\w])(?:sh|ruby|safe_ln|rm_rf|rm_r|rm_f|rm|rmtree|remove_dir|remove_entry\\w*|mv|cp_r|ln_s|ln_sf|chmod\\w*|chown\\w*)\\s*[(\\s'"%]|\\bDir\\.home\\b|ENV\\s*\\[\\s*["']HOME|File\\.expand_path\\(\\s*["']~|\\bEtc\\.getpwuid`,
);

export function railsTasks(inv: Invocation, r: Reporter): void {
  const cwd = inv.cwd;
  if (cwd === undefined || !r.env.readScript) return;
  const { program, args } = runnerOf(inv);
  if (program.slice(program.lastIndexOf('/') + 1) !== 'rails') return;
  const words = args.map((a) => (isLiteral(a) ? plain(a) : undefined));
  if (words.some((w) => w !== undefined && /^(?:-h|--help|-v|--version)$/.test(w))) return;
  // The command word: a word computed at run time may name any task, so it loads them.
  const at = words.findIndex((w) => w === undefined || !w.startsWith('-'));
  const first = at < 0 ? undefined : words[at];
  if (first !== undefined && NO_TASKS.test(first)) return;
  if (at < 0 && !words.some((w) => w === '-T' || w === '--tasks' || w === '-D' || w === '-P')) return;
  if (projectFile(inFolder(cwd, 'config/application.rb'), inv, r).kind !== 'text') return;
  // The Rakefile's own code, its generated lines left out (they are the app's boot, read by rails-boot.ts).
  const rakefile = projectFile(inFolder(cwd, 'Rakefile'), inv, r);
  if (rakefile.kind === 'unknown') return;
  if (rakefile.kind === 'text' && TASK_REACHES.test(rubyCode(withoutGeneratedLines(rakefile.text)))) {
    bootUncertain(inv, r, 'loads a Rakefile whose code may reach the system');
    return;
  }
  const files: string[] = [];
  if (!filesBelow(inFolder(cwd, 'lib/tasks'), '.rake', 4, inv, r, files)) {
    bootUncertain(inv, r, 'loads rake tasks from a folder gavel cannot list');
    return;
  }
  if (files.length > MAX_BOOT) {
    bootUncertain(inv, r, 'loads more rake task files than one review follows');
    return;
  }
  // Each file is read as an initializer is: what it requires of the project is followed, and code reaching the
  // system anywhere in it (a task's body or its top level) is uncertain.
  loadedProjectCode('ruby', files, 'rake task file', inv, r, {
    reaches: TASK_REACHES,
    max: MAX_BOOT,
    before: 'the command runs',
  });
}

/** Ruby with whole-line comments and block comments dropped (what the reach scan reads). */
const rubyCode = (text: string) => text.replace(/^\s*#.*$/gm, '').replace(/^=begin[\s\S]*?^=end/gm, '');
