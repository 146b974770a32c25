/**
 * Scans interpreter code (python -c, node -e, perl -e, ruby -e, php -r, awk programs, here-docs fed to an
 * interpreter) for what it does where it is literal: deletes, shell-outs, spawned programs, decoded payloads,
 * URLs and secret paths. A regex scan, not a model of the language: a visible delete is also an
 * `interpreter-effect` uncertainty. Pure apart from reporting.
 */

import { type CodeFamily, interpreterFamily } from '../data/interpreters';
import type { Invocation, Reporter } from '../unwrap/invocation';
import { OPAQUE_FLOW } from '../walk/flow';
import { processAliases } from './code-aliases';
import { recursiveDelete } from './detect-filesystem';
import { readBudgeted } from './disk-scripts';
import { networkTarget } from './network-target';
import { touchPath } from './path-effects';

const DELETE_CALL =
  /\b(shutil\.rmtree|Deno\.remove(?:Sync)?|os\.(remove|unlink|rmdir|removedirs)|\.unlink|\.rmdir|fs(?:\.promises)?\.(rmSync|rmdirSync|unlinkSync|rm|rmdir|unlink)|(?:FileUtils\.)?(rm_rf|rm_r|remove_dir|remove_entry(?:_secure)?|rmtree|remove_tree)|File\.delete|Dir\.(rmdir|delete)|unlink|rmSync)\s*\(?\s*(?:glob\()?\s*(?<q>['"])(?<path>[^'"]*)\k<q>/g;
const SHELL_CALL =
  /\b(os\.system|os\.popen|os\.execute|io\.popen|proc_open|pcntl_exec|subprocess\.(?:run|call|check_call|check_output|Popen)|exec(?:Sync)?|spawn(?:Sync)?|execFile(?:Sync)?|system|%x|Open3\.\w+|shell_exec|passthru|popen)\s*\(?\s*(\[[^\]]*\]|(['"`])((?:\\.|(?!\3).)*)\3)/g;
/** A shell-out given a here-document (`system <<~CMD`, `%x(<<EOS)` aside): the body up to its terminator. */
const HEREDOC_CALL = /\b(system|exec|spawn|popen|%x)\s*\(?\s*<<[~-]?(['"]?)(\w+)\2[^\n]*\n/g;

/** The string literals given as further arguments, up to the first that is not one (`, "a", 'b')`). */
function literalArguments(after: string): string[] {
  const out: string[] = [];
  let rest = after;
  for (;;) {
    const m = /^\s*,\s*(['"])((?:\\.|(?!\1).)*)\1/.exec(rest);
    if (!m) return out;
    out.push(m[2] ?? '');
    rest = rest.slice(m[0].length);
  }
}

/** A word as one shell word. */
const quoteWord = (w: string): string => `'${w.replaceAll("'", "'\\''")}'`;

const SPAWN_CALL =
  /\b(spawn(?:Sync)?|execFile(?:Sync)?|Popen|execvp?|spawnv?p?|Deno\.Command)\s*\(\s*(['"])([^'"]+)\2\s*,\s*(?:\{\s*args\s*:\s*)?\[([^\]]*)\]/g;
/**
 * Shell-outs through Perl's and Ruby's quote operators: `system(q(…))`, `exec qq{…}`, `qx(…)`, `qx!…!`, `%x(…)`,
 * `system(%q(…))`: the text between the brackets.
 */
const QUOTE_OP_CALL =
  /(?:\b(?:system|exec|popen)\s*\(?\s*(?:\bqq?|%[qQ]?)|\bqx|%x)\s*(?:\(([^)]*)\)|\{([^}]*)\}|\[([^\]]*)\]|<([^>]*)>)/g;
/** Perl's `qx` with a same-character delimiter (`qx!…!`, `qx/…/`). */
const QX_SAME = /\bqx\s*([/|!#'"])((?:(?!\1).)*)\1/g;
/** A literal host a socket is opened to, in the languages scanned here (the host as `host`). */
const SOCKET_HOST =
  /(?:\.connect(?:_ex)?\s*\(\s*\(\s*|\bcreate_connection\s*\(\s*\(\s*|\.(?:connect|createConnection)\s*\(\s*\d+\s*,\s*|\bTCPSocket\.(?:new|open)\s*\(\s*|\bfsockopen\s*\(\s*|PeerAddr\s*=>\s*)(['"])(?<host>[\w.:-]+?)(?::\d+)?\1/g;
const ENVIRONMENT =
  /os\.environ|process\.env|\bENV\[|%ENV\b|\$ENV\{|\$_(?:ENV|SERVER)\b|\bgetenv\(\s*\)|\bSys\.getenv\(\s*\)|\bDeno\.env\b|\bSystem\.getenv\(\s*\)/;
/** R's `source()` of a URL, `source_url`, `eval(parse(url(…)))`: code fetched and run. */
const R_REMOTE_SOURCE =
  /\b(?:source|sys\.source)\s*\(\s*(?:file\s*=\s*)?["']https?:\/\/|\bsource_(?:url|gist)\s*\(|\bparse\s*\(\s*(?:file\s*=\s*)?url\s*\(/;
/** Ruby's whole `ENV` as a value (`ENV.to_h`, `ENV.each`, `[ENV]`); a constant of another language named ENV is not it. */
const RUBY_ENVIRONMENT =
  /\bENV(?:\.(?:to_h|to_hash|to_a|each\w*|map|select|reject|filter_map|inspect|keys|values|sort\w*)\b|\s*[,)\]}])/;
const DECODE_EXEC =
  /\b(eval|exec|Function)\s*\(.*\b(b64decode|atob|base64|decode|fromCharCode|unhexlify)|Buffer\.from\([^)]*base64/;

/** A string literal of the code's language, as it appears (the quotes kept). */
const STR = String.raw`(?:"[^"\\\n]*"|'[^'\\\n]*')`;
/** `NAME` or `'NAME'`/`"NAME"`: the HOME variable's key as each language writes it. */
const HOME_KEY = `(?:'HOME'|"HOME")`;

/**
 * Expressions that compute the home folder (`os.path.expanduser("~")`, `os.homedir()`, `Dir.home`,
 * `$ENV{HOME}`, `Sys.getenv("HOME")`): each stands for the home path, written as a string literal, so a delete
 * of one is judged on the folder it names.
 */
const HOME_EXPRESSIONS: readonly RegExp[] = [
  /\bos\.path\.expanduser\(\s*(['"])~\1\s*\)/g,
  /\b(?:pathlib\.)?Path\.home\(\s*\)/g,
  new RegExp(String.raw`\bos\.environ\[\s*${HOME_KEY}\s*\]`, 'g'),
  new RegExp(String.raw`\bos\.(?:environ\.get|getenv)\(\s*${HOME_KEY}\s*\)`, 'g'),
  /(?:\brequire\(\s*(['"])(?:node:)?os\1\s*\)|\bos)\.homedir\(\s*\)/g,
  /\bprocess\.env\.HOME\b/g,
  new RegExp(String.raw`\bprocess\.env\[\s*${HOME_KEY}\s*\]`, 'g'),
  new RegExp(String.raw`\bDeno\.env\.get\(\s*${HOME_KEY}\s*\)`, 'g'),
  /\bDir\.home\b(?:\(\s*\))?/g,
  new RegExp(String.raw`\bENV(?:\[\s*${HOME_KEY}\s*\]|\.fetch\(\s*${HOME_KEY}\s*\))`, 'g'),
  /\bFile\.expand_path\(\s*(['"])~\1\s*\)/g,
  /\$ENV\{\s*(['"]?)HOME\1\s*\}/g,
  new RegExp(String.raw`\b(?:Sys\.getenv|getenv|os\.getenv)\(\s*${HOME_KEY}\s*\)`, 'g'),
  new RegExp(String.raw`\$_(?:SERVER|ENV)\[\s*${HOME_KEY}\s*\]`, 'g'),
  /\b(?:path\.expand|expanduser)\(\s*(['"])~\1\s*\)/g,
  /\bhomedir\(\s*\)/g,
];

/** `Path("/x")`, `str("/x")`, `Pathname.new("/x")`: a path wrapped in a conversion is still that path. */
const PATH_WRAPPER = new RegExp(
  String.raw`\b(?:pathlib\.Path|Path|str|Pathname\.new|File\.expand_path|os\.path\.abspath|path\.resolve)\(\s*(${STR})\s*\)`,
  'g',
);

/** The code with home expressions replaced by the home path (a string literal) and path wrappers removed. */
export function literalPaths(code: string, home: string, family: CodeFamily | undefined): string {
  if (/["'\\]/.test(home)) return code;
  let out = code;
  for (const re of HOME_EXPRESSIONS) out = out.replace(re, JSON.stringify(home));
  // R expands `~` in every path it is given (`unlink("~", recursive = TRUE)`).
  if (family === 'r')
    out = out.replace(/(['"])~(\/[^'"]*)?\1/g, (_m, _q, rest) => JSON.stringify(home + (rest ?? '')));
  return out.replace(PATH_WRAPPER, '$1');
}

/**
 * IPython code: `!cmd`, `x = !cmd`, `%system cmd`, `%sx cmd` lines and a `%%bash`/`%%sh`/`%%script` cell are
 * shell; another magic runs what gavel does not read. Returns the Python left.
 */
function ipythonMagics(code: string, inv: Invocation, r: Reporter): string {
  const lines = code.split('\n');
  const kept: string[] = [];
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k] as string;
    const bang = /^\s*(?:[A-Za-z_]\w*\s*=\s*)?!!?(.*)$/.exec(line);
    const magic = /^\s*%(system|sx|sc)\s+(.*)$/.exec(line);
    if (bang || magic) {
      r.script(bang?.[1] ?? magic?.[2] ?? '', inv, 'shell-string', `${inv.program} !`);
      continue;
    }
    if (/^\s*%%(?:bash|sh|script\b)/.test(line)) {
      r.script(lines.slice(k + 1).join('\n'), inv, 'shell-string', `${inv.program} %%bash`);
      break;
    }
    if (/^\s*%/.test(line)) {
      r.uncertain(
        'dynamic-script',
        `\`${inv.program}\` runs a magic command gavel does not read`,
        inv.segment,
      );
      continue;
    }
    kept.push(line);
  }
  return kept.join('\n');
}

/** PowerShell's name for the home folder in a path word (`~`, `$HOME`, `$env:HOME`, `$env:USERPROFILE`). */
function powershellPath(word: string, home: string): string {
  const w = word.replace(/^(['"])(.*)\1$/, '$2');
  const m = /^(?:~|\$HOME|\$env:HOME|\$env:USERPROFILE|\$\{env:HOME\})(?=$|[\\/])(.*)$/i.exec(w);
  return m ? home + (m[1] ?? '').replaceAll('\\', '/') : w;
}

const PS_REMOVE = new Set(['remove-item', 'ri', 'del', 'erase']);
const PS_IEX = /^(?:invoke-expression|iex)$/i;
const PS_FETCH = /\b(?:invoke-webrequest|iwr|invoke-restmethod|irm|downloadstring|downloadfile|curl|wget)\b/i;
/** PowerShell that switches a security control off: Defender's preferences and exclusions, its service, the firewall. */
const PS_CONTROL_OFF =
  /\b(?:set|add)-mppreference\b.*-(?:disable\w+\s+(?:\$true|1)\b|exclusion\w*)|\bset-netfirewallprofile\b.*-enabled\s+(?:\$false|false|0)\b|\b(?:stop|set|remove)-service\b.*\b(?:windefend|wdnissvc|sense|mpssvc)\b|\buninstall-windowsfeature\b.*\bdefender|windows defender.*\bdisable\w+/i;
/** A PowerShell command name (`Verb-Noun`) or one of its own aliases: not a native program. */
const PS_CMDLET =
  /^(?:[a-z]+-[a-z]+|ri|del|erase|iex|iwr|irm|echo|write|gci|gc|ls|dir|cd|sl|pwd|saps|start|\$.*|\[.*|\(.*)$/i;

/**
 * PowerShell code: `Remove-Item -Recurse PATH` deletes as `rm -r` does; `iex` of text fetched from the network is
 * remote code; `Invoke-Expression` of other text runs code; `Start-Process X -ArgumentList A` and a native program
 * (`rm -rf ~`, `bash -c ...`: pwsh runs them as a shell does) are analysed as shell.
 */
function powershell(code: string, inv: Invocation, r: Reporter): void {
  const home = r.scope.home;
  for (const statement of code.split(/[;\n]/)) {
    if (PS_CONTROL_OFF.test(statement))
      r.hit(
        'disable_security_control',
        `\`${inv.program}\` turns Windows Defender or the firewall off`,
        inv.segment,
      );
    const stages = statement.split('|');
    if (
      stages.some((s) => PS_IEX.test(s.trim().split(/\s+/)[0] ?? '')) ||
      /\b(?:iex|invoke-expression)\b/i.test(statement)
    ) {
      if (PS_FETCH.test(statement))
        r.hit('remote_code_execution', `\`${inv.program}\` runs code fetched from the network`, inv.segment);
      else {
        // `iex 'text'`: literal text is PowerShell read here; anything else runs text known only at run time.
        const text = /\b(?:iex|invoke-expression)\s+(?:-command\s+)?(?:"([^"$`]*)"|'([^']*)')\s*$/i.exec(
          statement.trim(),
        );
        if (text) powershell(text[1] ?? text[2] ?? '', inv, r);
        else
          r.uncertain(
            'dynamic-script',
            `\`${inv.program}\` runs text as code (\`Invoke-Expression\`)`,
            inv.segment,
          );
      }
    }
    for (const stage of stages) {
      const text = stage.trim().replace(/^&\s*/, '');
      const words = text.match(/"[^"]*"|'[^']*'|\S+/g) ?? [];
      const name = (words[0] ?? '').replace(/^(['"])(.*)\1$/, '$2');
      if (!name) continue;
      const lower = name.toLowerCase();
      if (PS_REMOVE.has(lower)) {
        const recursive = words.some((w) => /^-r(?:e(?:c(?:u(?:r(?:s(?:e)?)?)?)?)?)?$/i.test(w));
        const paths: string[] = [];
        for (let k = 1; k < words.length; k++) {
          const w = words[k] as string;
          if (/^-(?:path|literalpath|lp|pspath)$/i.test(w)) paths.push(words[++k] ?? '');
          else if (!w.startsWith('-')) paths.push(w);
        }
        for (const p of paths) {
          const word = { text: powershellPath(p, home), flow: OPAQUE_FLOW };
          if (recursive) recursiveDelete(word, inv, r);
          else touchPath(word, 'delete', inv, r);
        }
        continue;
      }
      if (/^(?:start-process|saps|start)$/i.test(lower)) {
        const at = words.findIndex((w) => /^-(?:argumentlist|args)$/i.test(w));
        const program = words.slice(1).find((w) => !w.startsWith('-')) ?? '';
        const args = at >= 0 ? (words[at + 1] ?? '').replace(/^(['"])(.*)\1$/, '$2') : '';
        r.script(
          `${program.replace(/^(['"])(.*)\1$/, '$2')} ${args}`,
          inv,
          'shell-string',
          `${inv.program} Start-Process`,
        );
        continue;
      }
      if (PS_CMDLET.test(name)) continue;
      // A native program: pwsh passes its words as a shell would; the home forms pwsh expands are the home path.
      const native = words.map((w) => {
        const p = powershellPath(w, home);
        return p === w.replace(/^(['"])(.*)\1$/, '$2') ? w : JSON.stringify(p);
      });
      r.script(native.join(' '), inv, 'shell-string', `${inv.program} (a program it runs)`);
    }
  }
}

/** Tcl's `exec prog args` (at a command's start or in `[...]`) and `open "|prog args"` run programs. */
function tcl(code: string, inv: Invocation, r: Reporter): void {
  for (const m of code.matchAll(/(?:^|[[;\n{])\s*exec\s+([^\]\n;}]+)/g))
    r.script((m[1] ?? '').replace(/\s&\s*$/, ''), inv, 'shell-string', `${inv.program} exec`);
  for (const m of code.matchAll(/\bopen\s+(['"{])\|([^'"}]*)/g))
    r.script(m[2] ?? '', inv, 'shell-string', `${inv.program} open |`);
}

/** R's `system2("prog", c("a", "b"))` / `system2("prog", args = ...)`: the program and its argument vector. */
const R_SYSTEM2 =
  /\bsystem2\(\s*(['"])([^'"]+)\1\s*(?:,\s*(?:args\s*=\s*)?(?:c\(([^)]*)\)|(['"])([^'"]*)\4))?/g;

/**
 * Node's `require("./x.json")` parses x.json when it is a plain file; when it is not (a folder, missing), Node
 * tries `x.json.js` and `x.json/index.js`, which run: uncertain unless the file is read as plain text.
 */
function requiredJson(code: string, inv: Invocation, r: Reporter): void {
  for (const m of code.matchAll(/\brequire\s*\(\s*(['"])(\.{1,2}\/[^'"]*\.json)\1\s*\)/g)) {
    const res = touchPath({ text: m[2] ?? '', flow: OPAQUE_FLOW }, 'read', inv, r);
    const file = res.resolved === undefined ? undefined : readBudgeted(res.resolved, inv, r);
    if (file?.kind !== 'text')
      r.uncertain(
        'dynamic-script',
        `\`${inv.program}\` loads a JSON path that is not a plain file`,
        inv.segment,
      );
  }
}

/** Scans interpreter code for literal deletes, shell-outs, URLs and secret paths. */
export function scanCode(
  source: string,
  inv: Invocation,
  r: Reporter,
  family: CodeFamily | undefined = interpreterFamily(inv.program),
  magics = false,
): void {
  let code = literalPaths(source, r.scope.home, family);
  if (magics) code = ipythonMagics(code, inv, r);
  // A process function called by another name is the function it names (code-aliases.ts).
  if (family === 'python' || family === 'node') code = processAliases(code, family);
  if (family === 'powershell') powershell(code, inv, r);
  if (family === 'tcl') tcl(code, inv, r);
  if (family === 'r')
    for (const m of code.matchAll(R_SYSTEM2)) {
      const args =
        m[3] !== undefined
          ? [...m[3].matchAll(/(['"])((?:\\.|(?!\1).)*)\1/g)].map((x) => x[2])
          : [m[5] ?? ''];
      r.script([m[2] ?? '', ...args].join(' '), inv, 'shell-string', `${inv.program} system2`);
    }
  if (family === 'node') requiredJson(code, inv, r);
  if (family === 'julia')
    for (const m of code.matchAll(/\brm\(\s*(['"])([^'"]*)\1[^)]*\)/g)) {
      const word = { text: m[2] ?? '', flow: OPAQUE_FLOW };
      if (/recursive\s*=\s*true/.test(m[0])) recursiveDelete(word, inv, r);
      else touchPath(word, 'delete', inv, r);
    }
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
    // Words given apart (`system("curl", "-F", "a=@key", URL)`): the program and each literal argument after it.
    const rest = list.startsWith('[') ? [] : literalArguments(code.slice((m.index ?? 0) + m[0].length));
    const text = list.startsWith('[')
      ? [...list.matchAll(/(['"])((?:\\.|(?!\1).)*)\1/g)].map((x) => x[2]).join(' ')
      : [m[4] ?? '', ...rest.map(quoteWord)].join(' ');
    if (text) r.script(text.replace(/\\n/g, '\n'), inv, 'shell-string', `${inv.program} ${m[1]}`);
  }
  // A here-document given to a shell-out (`system <<~CMD`): its body is the command line.
  for (const m of code.matchAll(HEREDOC_CALL)) {
    const end = new RegExp(`^\\s*${m[3]}\\s*$`, 'm').exec(code.slice((m.index ?? 0) + m[0].length));
    const body = code.slice(
      (m.index ?? 0) + m[0].length,
      end ? (m.index ?? 0) + m[0].length + end.index : undefined,
    );
    r.script(body, inv, 'shell-string', `${inv.program} ${m[1]}`);
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
    if (family === 'ruby' || family === 'perl' || family === 'julia')
      r.script(m[1] ?? '', inv, 'shell-string', `${inv.program} \`\``);
  if (family === 'r' && R_REMOTE_SOURCE.test(code))
    r.hit('remote_code_execution', `\`${inv.program}\` runs R code fetched from the network`, inv.segment);
  if (DECODE_EXEC.test(code))
    r.uncertain('decoded-payload', `\`${inv.program}\` code runs a decoded payload`, inv.segment);
  let nonLocal = false;
  for (const m of code.matchAll(/\bhttps?:\/\/[^\s'"`)]+/g))
    nonLocal = networkTarget(m[0], inv.program, inv, r) || nonLocal;
  // A socket opened to a literal host (`s.connect(("203.0.113.5", 4444))`, `net.connect(4444, "h")`,
  // `TCPSocket.new("h", 4444)`, `fsockopen("h", 4444)`, `PeerAddr => "h:4444"`): that host is reached, as a URL's is.
  for (const m of code.matchAll(SOCKET_HOST)) {
    const host = m.groups?.host ?? '';
    if (host !== '') nonLocal = networkTarget(`tcp://${host}/`, inv.program, inv, r) || nonLocal;
  }
  let secret = false;
  // A quote that closes a string on its line opens none: `s/"a"/"b"/` holds the strings "a" and "b", and the `/`
  // between them is the operator's delimiter, no path. Only that bare `/` is let go (the root's name alone reads
  // no file): a tokenizer this simple may misread a language's quoting, and a path it misread must still count.
  const closers = new Set<number>();
  for (const m of code.matchAll(/(['"])(?:\\.|(?!\1)[^\\\n])*\1/g)) closers.add(m.index + m[0].length - 1);
  for (const m of code.matchAll(/(['"])((?:~|\/|\.)[^'"\s]*)\1/g)) {
    if (m[2] === '/' && closers.has(m.index)) continue;
    const res = touchPath({ text: m[2] ?? '', flow: OPAQUE_FLOW }, 'read', inv, r);
    if (res.class === 'sensitive') secret = true;
  }
  // The environment, in each scanned language (`os.environ`, `process.env`, Ruby's `ENV`, Perl's `%ENV`, PHP's
  // `$_ENV`/`$_SERVER`/`getenv()`, R's `Sys.getenv()`, Deno's `Deno.env`): its secrets go where the code sends.
  if ((ENVIRONMENT.test(code) || (family === 'ruby' && RUBY_ENVIRONMENT.test(code))) && nonLocal)
    secret = true;
  if (secret && nonLocal)
    r.exfiltration(inv.segment, `\`${inv.program}\` code sends secret material to a remote host`);
}
