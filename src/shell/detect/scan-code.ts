/**
 * Scans interpreter code (python -c, node -e, perl -e, ruby -e, php -r, awk programs, here-docs fed to an
 * interpreter) for what it does where it is literal: deletes, shell-outs, spawned programs, decoded payloads,
 * URLs and secret paths. A regex scan, not a model of the language: a visible delete is also an
 * `interpreter-effect` uncertainty. Pure apart from reporting.
 */

import type { Invocation, Reporter } from '../unwrap/invocation';
import { OPAQUE_FLOW } from '../walk/flow';
import { recursiveDelete } from './detect-filesystem';
import { networkTarget } from './network-target';
import { touchPath } from './path-effects';

const DELETE_CALL =
  /\b(shutil\.rmtree|os\.(remove|unlink|rmdir|removedirs)|\.unlink|\.rmdir|fs(?:\.promises)?\.(rmSync|rmdirSync|unlinkSync|rm|rmdir|unlink)|(?:FileUtils\.)?(rm_rf|rm_r|remove_dir|remove_entry(?:_secure)?|rmtree|remove_tree)|File\.delete|Dir\.(rmdir|delete)|unlink|rmSync)\s*\(?\s*(?:glob\()?\s*(?<q>['"])(?<path>[^'"]*)\k<q>/g;
const SHELL_CALL =
  /\b(os\.system|os\.popen|subprocess\.(?:run|call|check_call|check_output|Popen)|exec(?:Sync)?|spawn(?:Sync)?|execFile(?:Sync)?|system|%x|Open3\.\w+|shell_exec|passthru|popen)\s*\(?\s*(\[[^\]]*\]|(['"`])((?:\\.|(?!\3).)*)\3)/g;
const SPAWN_CALL =
  /\b(spawn(?:Sync)?|execFile(?:Sync)?|Popen|execvp?|spawnv?p?)\s*\(\s*(['"])([^'"]+)\2\s*,\s*\[([^\]]*)\]/g;
/**
 * Shell-outs through Perl's and Ruby's quote operators: `system(q(…))`, `exec qq{…}`, `qx(…)`, `qx!…!`, `%x(…)`,
 * `system(%q(…))`: the text between the brackets.
 */
const QUOTE_OP_CALL =
  /(?:\b(?:system|exec|popen)\s*\(?\s*(?:\bqq?|%[qQ]?)|\bqx|%x)\s*(?:\(([^)]*)\)|\{([^}]*)\}|\[([^\]]*)\]|<([^>]*)>)/g;
/** Perl's `qx` with a same-character delimiter (`qx!…!`, `qx/…/`). */
const QX_SAME = /\bqx\s*([/|!#'"])((?:(?!\1).)*)\1/g;
const DECODE_EXEC =
  /\b(eval|exec|Function)\s*\(.*\b(b64decode|atob|base64|decode|fromCharCode|unhexlify)|Buffer\.from\([^)]*base64/;

/** Scans interpreter code for literal deletes, shell-outs, URLs and secret paths. */
export function scanCode(code: string, inv: Invocation, r: Reporter): void {
  for (const m of code.matchAll(DELETE_CALL)) {
    const path = m.groups?.path ?? '';
    const recursive =
      /rmtree|rm_rf|rm_r|remove_dir|remove_tree|rmSync|fs\.rm\b|removedirs/.test(m[1] ?? '') ||
      /recursive/.test(code);
    const word = { text: path, flow: OPAQUE_FLOW };
    if (recursive) recursiveDelete(word, inv, r);
    else touchPath(word, 'delete', inv, r);
    r.uncertain('interpreter-effect', `\`${inv.program}\` code deletes files`, inv.segment);
  }
  if (/\b(unlink|rmtree|rmSync|rm_rf|remove)\b/.test(code) && !DELETE_CALL.test(code)) {
    r.uncertain(
      'interpreter-effect',
      `\`${inv.program}\` code deletes files at paths it computes`,
      inv.segment,
    );
  }
  DELETE_CALL.lastIndex = 0;
  for (const m of code.matchAll(SHELL_CALL)) {
    const list = m[2] ?? '';
    const text = list.startsWith('[')
      ? [...list.matchAll(/(['"])((?:\\.|(?!\1).)*)\1/g)].map((x) => x[2]).join(' ')
      : (m[4] ?? '');
    if (text) r.script(text.replace(/\\n/g, '\n'), inv, 'shell-string', `${inv.program} ${m[1]}`);
  }
  for (const m of code.matchAll(QUOTE_OP_CALL)) {
    const text = m[1] ?? m[2] ?? m[3] ?? m[4];
    if (text) r.script(text, inv, 'shell-string', `${inv.program} quote operator`);
  }
  for (const m of code.matchAll(QX_SAME)) if (m[2]) r.script(m[2], inv, 'shell-string', `${inv.program} qx`);
  // spawn('rm', ['-rf', '/']) and execFile: the program and its argument array.
  for (const m of code.matchAll(SPAWN_CALL)) {
    const args = [...(m[4] ?? '').matchAll(/(['"])((?:\\.|(?!\1).)*)\1/g)].map((x) => x[2]);
    r.script([m[3] ?? '', ...args].join(' '), inv, 'shell-string', `${inv.program} ${m[1]}`);
  }
  for (const m of code.matchAll(/`([^`]+)`/g))
    if (inv.program === 'ruby' || inv.program === 'perl')
      r.script(m[1] ?? '', inv, 'shell-string', `${inv.program} \`\``);
  if (DECODE_EXEC.test(code))
    r.uncertain('decoded-payload', `\`${inv.program}\` code runs a decoded payload`, inv.segment);
  let nonLocal = false;
  for (const m of code.matchAll(/\bhttps?:\/\/[^\s'"`)]+/g))
    nonLocal = networkTarget(m[0], inv.program, inv, r) || nonLocal;
  let secret = false;
  for (const m of code.matchAll(/(['"])((?:~|\/|\.)[^'"\s]*)\1/g)) {
    const res = touchPath({ text: m[2] ?? '', flow: OPAQUE_FLOW }, 'read', inv, r);
    if (res.class === 'sensitive') secret = true;
  }
  if (/os\.environ|process\.env|ENV\[/.test(code) && nonLocal) secret = true;
  if (secret && nonLocal)
    r.exfiltration(inv.segment, `\`${inv.program}\` code sends secret material to a remote host`);
}
