/**
 * What a Rails app runs when a command boots it (`bin/rails test`, `rails db:migrate`, `rake db:seed` through a
 * Rakefile that loads the app): `config/boot.rb`, `config/application.rb`, `config/environment.rb`, the
 * development and test environment files and every initializer under `config/initializers`, with what they
 * require of the project; the seeds for the tasks that seed; the migrations newer than the schema for the tasks
 * that migrate. Read as test helpers are (test-bootstraps.ts), for code that reaches the system at load (a
 * shell-out, a socket, a download, `eval`, a deletion, the environment dumped): uncertain, as is an app with
 * more such files than one review follows. The app's classes, loaded later and only when used, are not read.
 * Pure apart from the injected reader and reporting; never quotes a file.
 */

import { type Invocation, optionText, plain, type Reporter } from '../unwrap/invocation';
import { bootUncertain, filesBelow, readBoot } from './boot-files';
import { folderNames } from './config-modules';
import { inFolder, projectFile } from './project-file';
import { runnerOf } from './runner-options';

/**
 * Ruby that reaches the system when a boot file loads: processes, sockets, downloads, code built from text,
 * deletions, the environment whole. Narrower than a test helper's: configuring a client or patching a class
 * (`send`, `class_eval` with a block, `Faraday.new`, `Base64.decode64`) is what initializers are for.
 */
export const BOOT_REACHES =
  /`|%x[({[|<]|(?<![.\w])(?:system|exec|spawn|syscall|fork|open)\s*[(\s'"]|\b(?:Open3|IO\.popen|PTY\.spawn|Process\.spawn|Kernel\.(?:system|exec|spawn|open|eval|`)|Net::HTTP|Net::FTP|URI\.open|Socket|TCPSocket|UDPSocket)\b|open-uri|(?<![.\w])eval\s*[(\s'"]|FileUtils\.(?:rm|remove)\w*|File\.(?:delete|unlink)|Dir\.(?:delete|rmdir)|ENV\.(?:to_h|to_a|each|map|select|filter|keys|values|inspect|dup|clone)|Marshal\.load|(?<![.\w])load\s*[(\s]/;

/** Tasks that run the migrations not yet applied, and tasks that run `db/seeds.rb`. */
const MIGRATES = /^db:(?:migrate(?::(?:up|redo))?|prepare|setup|reset|rollback|schema:load|test:prepare)$/;
const SEEDS = /^db:(?:seed|setup|prepare|reset|seed:replant)$/;

/** The version the schema file records (`define(version: 2024_01_01_000000)`), or 0 when there is none. */
function schemaVersion(root: string, inv: Invocation, r: Reporter): number {
  const schema = projectFile(inFolder(root, 'db/schema.rb'), inv, r);
  const m = schema.kind === 'text' ? /define\(\s*version:\s*([\d_]+)/.exec(schema.text) : null;
  return m ? Number((m[1] ?? '0').replaceAll('_', '')) : 0;
}

/** The Rails tasks or commands a `rails`/`rake` line names; undefined when it boots no app. */
function railsGoals(inv: Invocation): { root: string; goals: string[] } | undefined {
  const { program, args } = runnerOf(inv);
  const base = program.slice(program.lastIndexOf('/') + 1);
  if (base !== 'rails' && base !== 'rake') return undefined;
  const words = args.map((a) => plain(a));
  if (words.some((w) => /^(?:-h|--help|-v|--version|-T|--tasks|-P|--prereqs)$/.test(w))) return undefined;
  const goals = words.filter(
    (w, k) => !w.startsWith('-') && !/^\w+=/.test(w) && !optionText(args[k]).startsWith('-'),
  );
  if (base === 'rails' && (goals[0] === 'new' || goals[0] === 'plugin')) return undefined;
  return {
    root: inv.cwd as string,
    goals: goals.length > 0 ? goals : [base === 'rails' ? 'help' : 'default'],
  };
}

export function railsBoot(inv: Invocation, r: Reporter): void {
  if (inv.cwd === undefined) return;
  const named = railsGoals(inv);
  if (!named) return;
  const { root, goals } = named;
  const application = inFolder(root, 'config/application.rb');
  if (projectFile(application, inv, r).kind !== 'text') return;
  // rake boots the app only through a Rakefile that loads it.
  if (runnerOf(inv).program.endsWith('rake')) {
    const rakefile = projectFile(inFolder(root, 'Rakefile'), inv, r);
    if (rakefile.kind !== 'text' || !/config\/application|load_tasks/.test(rakefile.text)) return;
  }
  const files = ['config/boot.rb', 'config/application.rb', 'config/environment.rb']
    .concat(['development', 'test'].map((env) => `config/environments/${env}.rb`))
    .map((rel) => inFolder(root, rel));
  const initializers: string[] = [];
  if (!filesBelow(inFolder(root, 'config/initializers'), '.rb', 4, inv, r, initializers)) {
    bootUncertain(inv, r, 'boots an app whose initializers gavel cannot list');
    return;
  }
  files.push(...initializers);
  if (goals.some((g) => SEEDS.test(g))) files.push(inFolder(root, 'db/seeds.rb'));
  if (goals.some((g) => MIGRATES.test(g))) {
    const since = schemaVersion(root, inv, r);
    const migrations = inFolder(root, 'db/migrate');
    const names = folderNames(migrations, inv, r);
    // Pending migrations that cannot be listed are not known to be none.
    if (names === undefined && projectFile(migrations, inv, r).kind !== 'missing') {
      bootUncertain(inv, r, 'migrates an app whose migrations gavel cannot list');
      return;
    }
    for (const name of [...(names ?? [])].sort()) {
      const version = /^(\d+)_\w+\.rb$/.exec(name);
      if (version && Number(version[1]) > since) files.push(inFolder(root, `db/migrate/${name}`));
    }
  }
  readBoot('ruby', files, BOOT_REACHES, 'initializers, migrations and seeds', inv, r);
}
