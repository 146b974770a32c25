/**
 * What added code reaches that a scan of its literal text cannot judge, in the languages whose code gavel scans
 * (Python, JavaScript/TypeScript, Ruby, Perl, PHP): a shell or a process started with a command the code builds
 * (`subprocess.run(c, shell=True)`, `execSync(cmd)`, `` `#{x}` ``), code evaluated or loaded at run time (`exec(…)`,
 * `eval(…)`, `new Function(…)`, `require(name)`, `importlib.import_module(…)`), a process function reached by
 * reflection (`getattr(os, …)`, `Kernel.send(:system, …)`, `globalThis[key]`, a process module loaded by a name in a
 * string), a shell or an interpreter handed computed code in an argument list, a connection handed to a shell,
 * code run by an evaluator (`runpy`, an unsafe YAML load, an eval worker), native code called through a foreign-function interface (`ctypes`, `Fiddle`, `process.dlopen`), code
 * fetched and then run, a write to a shell start-up file or authorized keys, a write, copy or link onto a file
 * that controls git, the agent, its guard or later programs, and the `.git` folder deleted. Names given to process
 * functions by import (`from os import system as s`) are read as those functions. Each is a reason the change is uncertain (code that runs later must say what it does); the text
 * is never quoted. Pure.
 */

import { processAliases } from '../../shell';

export type CodeLanguage = 'python' | 'node' | 'ruby' | 'perl' | 'php';

/** The language of the inline-code runner that stands for a file's code (later-code.ts). */
export function runnerLanguage(runner: string | undefined): CodeLanguage | undefined {
  if (runner === undefined) return undefined;
  if (runner.startsWith('python')) return 'python';
  if (runner.startsWith('node')) return 'node';
  if (runner.startsWith('ruby')) return 'ruby';
  if (runner.startsWith('perl')) return 'perl';
  if (runner.startsWith('php')) return 'php';
  return undefined;
}

/** A quoted literal with no interpolation, then the end of the argument. */
const LITERAL_ARG = String.raw`\s*(?:"[^"\\\n$#{}]*"|'[^'\\\n]*'|\`[^\`\\$]*\`)\s*[,)]`;

const LITERAL_AT = new RegExp(LITERAL_ARG, 'y');
const EMPTY_ARGS = /\s*\)/y;

/** Process and evaluation functions, per language: calls whose first argument must be a literal. */
const COMPUTED: Readonly<Record<CodeLanguage, readonly string[]>> = {
  python: [
    String.raw`\bos\.(?:system|popen|exec\w*|spawn\w*|posix_spawnp?)`,
    String.raw`\bpty\.spawn`,
    String.raw`\bsubprocess\.(?:getoutput|getstatusoutput)`,
    String.raw`\bcommands\.getoutput`,
    String.raw`(?<![.\w])(?:exec|eval|compile|__import__)`,
    String.raw`\bimportlib\.import_module`,
    String.raw`\bbuiltins\.(?:exec|eval|compile|__import__)`,
    String.raw`\bget_ipython\(\)\.(?:system|getoutput|run_cell_magic|run_line_magic)`,
  ],
  node: [
    String.raw`(?<![.\w])(?:exec|execSync|eval|Function|require)`,
    String.raw`\b(?:child_process|cp)\.(?:exec|execSync)`,
    String.raw`\bnew\s+Function`,
    String.raw`\bvm\.(?:runIn\w*|Script|compileFunction)`,
    String.raw`(?<![.\w])import`,
  ],
  ruby: [
    String.raw`(?<![.\w])(?:system|exec|spawn|eval|load|require)`,
    String.raw`\b(?:IO\.popen|Open3\.\w+|Kernel\.(?:system|exec|spawn|eval)|Process\.spawn)`,
    String.raw`\.(?:instance_eval|class_eval|module_eval)`,
  ],
  perl: [String.raw`(?<![.\w$])(?:system|exec|eval|require)`],
  php: [
    String.raw`(?<![.\w$>:])(?:system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec|eval|assert|create_function)`,
  ],
};

/** A shell started from a command the code holds in a name: `subprocess.run(c, shell=True)`, `spawn(c, {shell: true})`. */
const SHELL_TRUE: Readonly<Partial<Record<CodeLanguage, RegExp>>> = {
  python: /\bsubprocess\.\w+\(\s*(?!["'])[^,)]+[^)]*\bshell\s*=\s*(?!False\b|None\b|0\b)\w/,
  node: /\b(?:spawn|spawnSync|execFile|execFileSync)\(\s*(?!["'`])[^,)]+[^)]*\bshell\s*:\s*true/,
};

/** Text a command is built from inside a command quote: Ruby `` `…#{x}…` ``/`%x(#{x})`, Perl and PHP `` `…$x…` ``. */
const INTERPOLATED_COMMAND: Readonly<Partial<Record<CodeLanguage, RegExp>>> = {
  ruby: /`[^`\n]*#\{|%x[({[|][^)}\]|\n]*#\{/,
  perl: /`[^`\n]*\$|\bqx\s*[({[/|!][^)}\]/|!\n]*\$|\bopen\s*\([^)]*["']\s*(?:\|-|-\|)\s*["']|\bopen\s*\([^)]*["']\s*\|/,
  php: /`[^`\n]*\$/,
};

/**
 * A process function handed around as a value (`f, g = os.system, 1`, `(f := os.system)`, `{"r": os.system}`, a
 * default argument, a class attribute, `return os.system`): whatever calls it later is not in the text a scan of
 * calls reads (final read of ADR 0132). A call (`os.system(`) or a member read (`subprocess.run.__doc__`) is not this.
 */
const AS_VALUE: Readonly<Partial<Record<CodeLanguage, RegExp>>> = {
  python:
    /(?:[=,([{:]|\breturn|\byield|\blambda\b[^:\n]*:)\s*(?:os\.(?:system|popen|exec\w*|spawn\w*|posix_spawnp?)|subprocess\.(?:run|call|check_call|check_output|getoutput|getstatusoutput)|pty\.spawn|builtins\.(?:exec|eval|compile|__import__))(?![\w.(]|\s*\()/,
  node: /(?:[=,([{:?]|\breturn|=>)\s*child_process\.(?:exec|execSync|spawn|spawnSync|execFile|execFileSync|fork)(?![\w.(]|\s*\()|\bchild_process\s*\[/,
};

/** A process function reached by name at run time. */
const REFLECTION: Readonly<Record<CodeLanguage, RegExp>> = {
  python:
    /\bgetattr\s*\(\s*(?:os|subprocess|builtins|__builtins__|sys|shutil|importlib|pty|__import__\s*\(|importlib\.import_module\s*\()\s*[,"'\w]|\b(?:vars|dir)\s*\(\s*(?:os|subprocess|builtins|__builtins__)\s*\)|\b(?:os|subprocess|builtins|__builtins__)\.__dict__\b|\b(?:__builtins__|sys\.modules)\s*\[\s*(?!["']\w*["']\s*\])|\bget_ipython\(\)\.run_(?:cell|line)_magic\s*\(\s*["'](?:bash|sh|zsh|script|system|sx|perl|ruby)["']/,
  node: /\brequire\s*\(\s*["'](?:node:)?child_process["']\s*\)\s*\[|\bprocess\.binding\s*\(|\bprocess\.mainModule\b/,
  ruby: /\b(?:Kernel|Object|Process|IO)\s*\.\s*(?:send|public_send|__send__|method)\s*\(|\.(?:send|public_send|__send__)\s*\(\s*:(?:system|exec|spawn|eval|`|popen|instance_eval)/,
  perl: /&\{\s*\\?&?\s*["'$]|\bCORE::GLOBAL::/,
  php: /\bcall_user_func(?:_array)?\s*\(\s*(?:["'](?:system|exec|shell_exec|passthru|popen|proc_open|assert|eval)["']|[^,)]*["']\s*\.)/,
};

/**
 * A module that starts processes or evaluates code, loaded by a literal name through the loader's function
 * (`importlib.import_module("subprocess")`, `__import__("os")`): what it is then asked to do is not in the text an
 * import scan reads.
 */
const LOADED_BY_NAME: Readonly<Partial<Record<CodeLanguage, RegExp>>> = {
  python:
    /\b(?:importlib\.import_module|__import__|import_module)\s*\(\s*["'](?:os|subprocess|pty|posix|nt|ctypes|cffi|builtins|shutil|socket|multiprocessing|runpy|code|codeop|commands|platform|pexpect|sh|plumbum)["']/,
};

/**
 * A global object, the module system or the process read by a computed key (`globalThis["req" + "uire"]`,
 * `process[name]`, `Reflect.get(globalThis, k)`): the function it reaches is named only at run time.
 */
const COMPUTED_GLOBAL =
  /\b(?:globalThis|global|module|process|require)(?:\s+as\s+[\w.<>]+)?\s*\)?\s*\[\s*(?!["'`][\w$]*["'`]\s*\])|\bReflect\.(?:get|apply)\s*\(\s*(?:globalThis|global|process|module|require)\b|\bmodule\.constructor\b|\bModule\._load\b/;

/** Native code called through a foreign-function interface: any C function (`system`) by name. */
const FOREIGN: Readonly<Record<CodeLanguage, RegExp>> = {
  python:
    /\bctypes\.(?:CDLL|cdll|PyDLL|pydll|WinDLL|windll|LibraryLoader|util\.find_library)\b|\bfrom\s+ctypes\s+import\b|\bcffi\b/,
  node: /\bprocess\.dlopen\s*\(|["'`](?:ffi-napi|ffi-rs|koffi|@napi-rs\/ffi)["'`]|\bDeno\.dlopen\b|\bbun:ffi\b/,
  ruby: /\bFiddle\b|\bFFI::(?:Library|Function)\b|\bextend\s+FFI::Library\b/,
  perl: /\bFFI::(?:Platypus|Raw)\b|\bDynaLoader::dl_(?:load_file|install_xsub)\b/,
  php: /\bFFI::(?:cdef|load|scope)\s*\(/,
};

/** A shell or an interpreter, by name or path, quoted in code. */
const SHELL_OR_INTERPRETER = String.raw`["'\`](?:/[\w/.-]*/)?(?:sh|bash|zsh|dash|ksh|fish|python[\d.]*|node|perl|ruby|php|pwsh|powershell|cmd(?:\.exe)?|osascript)["'\`]`;
const LITERAL_ITEM = String.raw`["'\`][^"'\`\n]*["'\`]\s*[\]),]`;

/**
 * A shell or an interpreter handed code the program computes, as an argument list (`subprocess.run(["sh", "-c",
 * cmd])`, `spawnSync("bash", ["-c", cmd])`, `os.execl("/bin/sh", "sh", "-c", x)`, `execFileSync(process.execPath,
 * ["-e", code])`, `[sys.executable, "-c", code]`): no shell option is set, but the command is built all the same.
 */
const ARGV_CODE = new RegExp(
  String.raw`(?:${SHELL_OR_INTERPRETER}|\bprocess\.execPath|\bsys\.executable)\s*,\s*(?:\[\s*)?(?:["'\`][\w/.-]*["'\`]\s*,\s*)?["'\`](?:-[a-z]*c|-e|--eval|-p|--print|-Command|/c)["'\`]\s*,(?!\s*${LITERAL_ITEM})`,
);

/** A connection made, and a shell started that reads its commands from standard input: a reverse shell. */
const SOCKET =
  /\bsocket\.(?:socket|create_connection)\s*\(|\bnet\.(?:connect|createConnection|Socket)\b|\bTCPSocket\b|\bfsockopen\s*\(|\bIO::Socket\b|\bstream_socket_client\s*\(/;
const INTERACTIVE_SHELL = new RegExp(
  String.raw`${SHELL_OR_INTERPRETER}\s*(?:\]|\)|,\s*\[\s*(?:["'\`]-i["'\`]\s*)?\]|,\s*["'\`]-i["'\`])|\bpty\.spawn\s*\(`,
);

/** Code run from a file, a string or a document by an evaluator the language provides. */
const EVALUATORS: Readonly<Partial<Record<CodeLanguage, RegExp>>> = {
  python:
    /\brunpy\.run_(?:path|module)\s*\(|\bcode\.(?:InteractiveInterpreter|InteractiveConsole|interact)\b|\.run(?:source|code)\s*\(|\byaml\.unsafe_load\b|\byaml\.load\s*\([^\n]*?\bLoader\s*=\s*(?:yaml\.)?(?:Unsafe)?Loader\b/,
  node: /\bnew\s+Worker\s*\([^)]*\beval\s*:\s*true\b/,
};

/** Fetching code or data from a host, and running something: together, fetched code run. */
const FETCHES =
  /\b(?:urlretrieve|urlopen|requests\.(?:get|post)|httpx\.(?:get|post)|fetch|https?\.get|axios(?:\.get)?|Net::HTTP|URI\.open|open-uri|file_get_contents\s*\(\s*["']https?:|curl_exec|LWP::|HTTP::Tiny)\b/;
const RUNS_ANYTHING =
  /\b(?:subprocess\.\w+|os\.(?:system|popen|exec\w*|spawn\w*)|exec|eval|execSync|spawn\w*|execFile\w*|system|popen|Function|shell_exec|passthru|proc_open|IO\.popen|Open3\.\w+|pickle\.loads|marshal\.loads)\s*\(/;

/** A network client of any scanned language: a request, a socket, a name lookup, a mail sent. */
const CONNECTS =
  /\b(?:urlretrieve|urlopen|fetch|axios|got|undici|XMLHttpRequest|sendBeacon|WebSocket|nodemailer|smtplib|ftplib|httplib|urllib3|aiohttp|Faraday|HTTParty|RestClient|Guzzle|curl_init|curl_exec|fsockopen|LWP::\w+|HTTP::Tiny|Net::(?:HTTP|SMTP|FTP))\b|\b(?:requests|httpx|session)\.(?:get|post|put|patch|request|send)\s*\(|\bhttps?\.(?:request|get)\s*\(|\bhttp\.client\b|\bdns\.(?:resolve\w*|lookup)\s*\(|\bsocket\.(?:socket|create_connection)\s*\(|\bnet\.(?:connect|createConnection|Socket)\b|\bTCPSocket\b|\bstream_socket_client\s*\(|\bIO::Socket\b/;

/** The whole environment serialised (every variable, secrets included), not one variable read by name. */
const WHOLE_ENV =
  /\bJSON\.stringify\s*\(\s*process\.env\s*[,)]|\bObject\.(?:entries|keys|values)\s*\(\s*process\.env\s*\)|\binspect\s*\(\s*process\.env\b|\b(?:dict|str|repr|list|sorted)\s*\(\s*os\.environ\s*\)|\bjson\.dumps\s*\(\s*(?:dict\s*\(\s*)?os\.environ\b|\bos\.environ\.(?:items|keys|values)\s*\(\s*\)|\bENV\.(?:to_h|to_a|inspect|to_s)\b|\bjson_encode\s*\(\s*(?:\$_ENV|\$_SERVER|getenv\s*\(\s*\))|\bgetenv\s*\(\s*\)|\bDumper\s*\(\s*\\%ENV\b/;

/** A secret file's content read by a literal name (`.env`, a private key, a credential file), not a template of one. */
const SECRET_FILE_READ =
  /\b(?:readFileSync|readFile|open|read_text|read_bytes|File\.read|IO\.read|file_get_contents|fopen)\s*\(\s*(?:(?:Path|pathlib\.Path)\s*\(\s*)?["'`](?:[^"'`\n]*\/)?(?:\.env(?!\.(?:example|sample|template|dist|defaults)\b)(?:\.[\w-]+)?|[^"'`\n]*(?:id_(?:rsa|ed25519|ecdsa|dsa)|credentials(?:\.json)?|\.npmrc|\.netrc|\.pgpass|\.pem|\.p12|\.key))["'`]/;

/** Shell start-up files, authorized keys, scheduled and autostart jobs, named in code. */
const STARTUP_FILE =
  /["'`/](?:\.bashrc|\.bash_profile|\.bash_login|\.profile|\.zshrc|\.zprofile|\.zshenv|\.zlogin|\.config\/fish\/config\.fish|authorized_keys|\.config\/autostart\b|LaunchAgents\b|systemd\/user\b|crontabs?\b)/;
const WRITES =
  /\b(?:open\s*\([^\n]*?,\s*["'][waxb+]+["']|write_text|write_bytes|writeFileSync|appendFileSync|writeFile|appendFile|createWriteStream|File\.(?:write|open\s*\([^\n]*?,\s*["'][wa])|file_put_contents|fopen\s*\([^\n]*?,\s*["'][wa])/;

/**
 * Files that decide what git, the agent, its guard or later programs run, named in code: git hooks and
 * configuration, the harnesses' and gavel's own folders, SSH client configuration, folders on the PATH, package
 * manager and cloud client configuration.
 */
const CONTROL_FILE =
  /["'`/](?:\.git\/(?:hooks|config|info\/attributes)\b|\.githooks\/|\.husky\/|\.claude\/|\.claude\.json\b|\.codex\/|\.gavel\/|\.gemini\/|\.cursor\/|\.pi\/|\.mcp\.json\b|\.gitconfig\b|\.config\/git\/|\.ssh\/(?:config|rc|environment)\b|\.local\/bin\b|\/usr\/local\/bin\b|\.npmrc\b|\.yarnrc|\.pip\/|pip\.conf\b|\.pypirc\b|\.docker\/config\.json|\.kube\/config|\.aws\/(?:config|credentials))/;

/** Writing, copying, moving or linking a file (beside WRITES: copies, moves and links). */
const PLACES =
  /\bshutil\.(?:copy\w*|move)\s*\(|\bos\.(?:symlink|link|rename|replace)\s*\(|\.(?:symlink_to|hardlink_to|rename|replace)\s*\(|\bfs\.(?:symlink|copyFile|rename|cp|link)(?:Sync)?\s*\(|\bFileUtils\.(?:cp|mv|ln\w*|install|copy\w*)\b|\bFile\.(?:symlink|link|rename)\b|(?<![.\w$>])(?:copy|symlink|rename|link)\s*\(/;

/** The repository's own history deleted: the `.git` folder removed as a tree. */
const GIT_TREE_DELETE =
  /\b(?:rmSync|rmdirSync|rm|rmdir|rmtree|remove_dir_all|rm_rf|rm_r|RemoveAll|remove_tree)\s*\(\s*(?:(?:Path|pathlib\.Path)\s*\(\s*)?["'`](?:\.\/)?\.git\/?["'`]/;

/** Names the code gives process functions (shell/detect/code-aliases.ts): each read as the function it names. */
function aliases(code: string, language: CodeLanguage): string {
  return language === 'python' || language === 'node' ? processAliases(code, language) : code;
}

/** Python files whose top-level code runs on an import, a test run's start or an install. */
const IMPORT_TIME = /^(?:__init__|conftest|setup|sitecustomize|usercustomize)\.py$/;

/**
 * Whether added Python lines of a file run on import (`__init__.py`, `conftest.py`, `setup.py`, ...) make a request
 * to a literal URL outside a function, a class or a `__main__` guard (`after`: the file as it will be): a package that
 * calls out when it is imported sends whatever it puts in the URL (a user name, a host) every time anything imports
 * it.
 */
export function importTimeRequest(fileName: string, after: string, added: readonly string[]): boolean {
  if (!IMPORT_TIME.test(fileName)) return false;
  const fresh = new Set(added.map((l) => l.trim()));
  // Lines under a function, a class or a `__main__` guard run when called, not when imported; any other line (a
  // statement of the module, or a continuation of one) runs on import.
  let deferred = false;
  for (const line of after.split('\n')) {
    if (line.trim() === '' || /^\s*#/.test(line)) continue;
    if (/^\S/.test(line)) deferred = /^(?:async\s+def|def|class|@|if\s+__name__\s*==)/.test(line);
    if (!deferred && fresh.has(line.trim()) && FETCHES.test(line) && /["'`]https?:\/\//.test(line))
      return true;
  }
  return false;
}

/** Why added code in `language` reaches what gavel cannot judge from its text; undefined when it does not. */
export function codeReach(language: CodeLanguage, code: string): string | undefined {
  const text = aliases(code, language);
  for (const fn of COMPUTED[language]) {
    const call = new RegExp(`${fn}\\s*\\(`, 'g');
    for (const m of text.matchAll(call)) {
      // Tested where the call's arguments start (sticky), never on a copy of the rest: linear in the code.
      const at = (m.index ?? 0) + m[0].length;
      EMPTY_ARGS.lastIndex = at;
      if (EMPTY_ARGS.test(text)) continue;
      LITERAL_AT.lastIndex = at;
      if (!LITERAL_AT.test(text)) return 'runs a command or code it builds at run time';
    }
  }
  if (SHELL_TRUE[language]?.test(text)) return 'starts a shell with a command it builds at run time';
  if (INTERPOLATED_COMMAND[language]?.test(text)) return 'runs a command it builds at run time';
  if (REFLECTION[language].test(text)) return 'reaches a process or evaluation function by name';
  if (AS_VALUE[language]?.test(text)) return 'hands a process function around as a value';
  // `from subprocess import *`: every process function by its bare name (`run(…)`), which no scan of calls reads.
  if (
    language === 'python' &&
    /(?:^|;)\s*from\s+(?:os|subprocess|pty|posix|builtins|commands)\s+import\s+\*/m.test(text)
  )
    return 'imports every process function of a module by a star';
  if (LOADED_BY_NAME[language]?.test(text))
    return 'loads a module that starts processes by a name in a string';
  if (language === 'node' && COMPUTED_GLOBAL.test(text))
    return 'reads a global, the module system or the process by a key computed at run time';
  if (FOREIGN[language].test(text)) return 'calls native code through a foreign-function interface';
  if (ARGV_CODE.test(text)) return 'hands a shell or an interpreter code it builds at run time';
  if (SOCKET.test(text) && INTERACTIVE_SHELL.test(text)) return 'connects to a host and starts a shell';
  if (EVALUATORS[language]?.test(text)) return 'runs code from a file or a string it is given at run time';
  if (FETCHES.test(text) && RUNS_ANYTHING.test(text)) return 'fetches from a host and runs something';
  if (WHOLE_ENV.test(text) && CONNECTS.test(text))
    return 'serialises the whole environment where it connects to a host';
  if (SECRET_FILE_READ.test(text) && CONNECTS.test(text))
    return 'reads a secret file where it connects to a host';
  if (STARTUP_FILE.test(text) && WRITES.test(text))
    return 'writes a shell start-up file, a scheduled job or authorized keys';
  if (CONTROL_FILE.test(text) && (WRITES.test(text) || PLACES.test(text)))
    return 'writes a file that decides what git, the agent, its guard or later programs run';
  if (GIT_TREE_DELETE.test(text)) return "deletes the repository's history (the `.git` folder)";
  return undefined;
}
