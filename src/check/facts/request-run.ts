/**
 * A write or edit that adds code running what a web request sends: a request's parameter, body or header reaching
 * a shell (`` `#{params[:c]}` ``, `os.system(request.args["c"])`), an evaluator (`eval(req.body.code)`), a dynamic
 * call (`params[:kind].constantize`) or a deserializer that builds objects (`pickle.loads(request.data)`), on one
 * line or through a name the added code gives it. Anyone who can reach the application can then run code on its
 * host: uncertain (`dynamic-command`). Reasons name the file, never its text. Pure but for the request's reader.
 */

import { basename } from 'node:path';
import type { Uncertainty } from '../../shell';
import type { CheckRequest, FileChange } from '../request/request';
import { changedLineTexts, changedPath, diskText } from './change-text';
import { addedLines } from './later-code';

/** Source and template files of web applications. */
const WEB_SOURCE =
  /\.(?:rb|erb|haml|slim|py|js|mjs|cjs|jsx|ts|mts|cts|tsx|php|phtml|ex|exs|heex|eex|go|java|kt|cs|cshtml|jsp|vue|svelte|pl|pm|lua|rs)$/i;

/** What a web request sends, in the common frameworks (Rails/Rack, Flask, Django, Express, Koa, PHP, Go, Phoenix, ASP.NET, Spring, Lambda). */
const REQUEST_DATA =
  /\bparams\s*(?:\[|\.(?:fetch|dig|permit|to_unsafe_h)\b)|\bRack::Request\b|\brequest\s*\.\s*(?:args|form|values|json|data|get_json|GET|POST|body|query_params|params|query|headers|cookies|raw_post|query_string|Query|Form|Headers)\b|\breq\s*\.\s*(?:query|body|params|headers|cookies)\b|\bctx\s*\.\s*(?:query|request|params)\b|\$_(?:GET|POST|REQUEST|COOKIE|FILES)\b|\$_SERVER\s*\[\s*['"]HTTP_|\bqueryStringParameters\b|\bsearchParams\s*\.\s*get\s*\(|\benv\s*\[\s*["'](?:QUERY_STRING|HTTP_\w+|rack\.input)["']|\b[cr]\s*\.\s*(?:Query|Param|PostForm|FormValue|PostFormValue|DefaultQuery)\s*\(|\br\s*\.\s*URL\s*\.\s*Query\s*\(|@RequestParam\b|@RequestBody\b|\bconn\s*\.\s*(?:params|query_params|body_params)\b/;

/** Where text becomes a command, code or objects. */
const RUNS =
  /`[^`\n]*(?:#\{|\$_(?:GET|POST|REQUEST|COOKIE)\b)|%x[({[|]|(?<![.\w])(?:system|exec|execSync|execFileSync|execFile|spawn|spawnSync|popen|shell_exec|passthru|proc_open|pcntl_exec|eval|assert|call_user_func(?:_array)?|create_function|Function|require|__import__|unserialize)\b(?:\s*\(|[ \t]+[\w$@:"'`])|\b(?:child_process|cp|os|subprocess|IO|Open3|Kernel|Runtime\.getRuntime\(\)|Process|exec|System|importlib|pickle|marshal|Marshal|YAML|yaml|Code)\s*\.\s*(?:system|popen\w*|exec\w*|spawn\w*|run|call|check_output|check_call|Popen|getoutput|getstatusoutput|capture\w*|pipeline\w*|Start|Command\w*|cmd|shell|import_module|loads?|unsafe_load|eval\w*)\b|:os\s*\.\s*cmd\b|\bnew\s+(?:Function|ProcessBuilder)\b|\.\s*send\s*\(?\s*params\b|\.\s*(?:public_send|__send__|constantize|safe_constantize|instance_eval|class_eval|module_eval)\b/;

/** Names the added code gives request data (`cmd = params[:c]`, `const code = req.body.code`). */
function taintedNames(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const l of lines) {
    const m = /(?:^|[\s;{(,])(?:(?:const|let|var|my|local|val|auto)\s+)?[$@]?(\w+)\s*(?::=|=)(?!=)(.*)$/.exec(
      l,
    );
    if (m?.[1] && REQUEST_DATA.test(m[2] ?? '')) out.push(m[1]);
  }
  return out;
}

/** Whether added lines run request data (on one line, or through a name they give it). */
export function runsRequestData(lines: readonly string[]): boolean {
  // A bound on the names followed (a file of thousands of assignments is read for the first ones).
  const names = taintedNames(lines).slice(0, 64);
  const tainted = names.length === 0 ? undefined : new RegExp(`(?<![\\w.])[$@]?(?:${names.join('|')})\\b`);
  return lines.some((l) => RUNS.test(l) && (REQUEST_DATA.test(l) || (tainted?.test(l) ?? false)));
}

/** The uncertainty of a write or edit of web code that adds a way to run what a request sends (none otherwise). */
export function requestRuns(
  request: CheckRequest,
  path: string,
  change: FileChange | undefined,
): Uncertainty[] {
  if (change === undefined || !WEB_SOURCE.test(path)) return [];
  const { before, after } = changedLineTexts(change, diskText(request, changedPath(request, path)));
  if (!runsRequestData(addedLines(before, after))) return [];
  return [
    {
      code: 'dynamic-command',
      reason: `the change to \`${basename(path)}\` adds code that runs what a web request sends`,
    },
  ];
}
