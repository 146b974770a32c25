/**
 * What a Laravel app runs when `php artisan <command>` boots it: `artisan` itself, `bootstrap/app.php` and
 * `bootstrap/providers.php`,
 * every configuration file under `config/`, the service providers under `app/Providers` and the route files under
 * `routes/`, with the project files they require. Read as a PHPUnit bootstrap is (test-bootstraps.ts) for code that
 * reaches the system as it loads (a process, a socket, a download, code built from text, a deletion, a file
 * written): uncertain, as is an app with more such files than one review follows. Configuring a client, reading
 * the environment (`env()`), registering commands and routes stays quiet; the app's classes, loaded when used, are
 * not read. Pure apart from the injected reader and reporting; never quotes a file.
 */

import { posix } from 'node:path';
import { type Invocation, plain, type Reporter } from '../unwrap/invocation';
import { bootUncertain, filesBelow, readBoot } from './boot-files';
import { inFolder, projectFile } from './project-file';

/** PHP that reaches the system when a boot file loads: narrower than a test bootstrap's (`Artisan::command`, `copy` in a key name). */
const PHP_BOOT_REACHES =
  /\b(?:exec|shell_exec|system|passthru|proc_open|popen|pcntl_exec|eval|assert|create_function|curl_exec|curl_multi_exec|fsockopen|pfsockopen|stream_socket_client|socket_connect|unlink|rmdir|file_put_contents|fwrite|symlink|putenv|gzinflate|str_rot13|FFI|fromShellCommandline)\s*\(|`|\bProcess::(?:run|start|pipe|pool)|\bnew\s+\\?(?:Symfony\\Component\\Process\\)?Process\b|\bHttp::(?:get|post|put|patch|delete|send|head|withToken|withHeaders|withBody|asForm|acceptJson)\b|\bfile_get_contents\s*\(\s*['"](?:https?|ftp|php):|\$\w+\s*\(|\$\{|getenv\s*\(\s*['"]HOME/i;

export function laravelBoot(inv: Invocation, r: Reporter): void {
  const cwd = inv.cwd;
  if (cwd === undefined || !/^php[\d.]*$/.test(inv.program) || !/(^|\/)artisan$/.test(plain(inv.args[0])))
    return;
  if (inv.args.some((a) => /^(-V|--version)$/.test(plain(a)))) return;
  const root = posix.dirname(posix.resolve(cwd, plain(inv.args[0])));
  const app = inFolder(root, 'bootstrap/app.php');
  if (projectFile(app, inv, r).kind !== 'text') return;
  // `artisan` itself is the script php runs: the autoloader, the app, the command handed over.
  const artisan = projectFile(posix.join(root, 'artisan'), inv, r);
  const code = (t: string) => t.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"])(\/\/|#)[^\n]*/g, '$1');
  if (artisan.kind === 'text' && PHP_BOOT_REACHES.test(code(artisan.text))) {
    bootUncertain(inv, r, 'runs an artisan script whose code may reach the system');
    return;
  }
  const files = [app, inFolder(root, 'bootstrap/providers.php')];
  for (const folder of ['config', 'app/Providers', 'routes'])
    if (!filesBelow(inFolder(root, folder), '.php', 3, inv, r, files)) {
      bootUncertain(inv, r, `boots an app whose \`${folder}\` folder gavel cannot list`);
      return;
    }
  readBoot('php', files, PHP_BOOT_REACHES, 'configuration, providers and routes', inv, r);
}
