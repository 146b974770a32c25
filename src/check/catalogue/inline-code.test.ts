import { describe, expect, it } from 'vitest';
import { type InlineLanguage, inlineCodeInert } from './inline-code';

type Case = [string, InlineLanguage, string, boolean?];

describe('inline code read as trivially inert', () => {
  it.each<Case>([
    ['python arithmetic', 'python', 'print(1+1)'],
    ['python version from sys (built in, never a local file)', 'python', 'import sys; print(sys.version)'],
    ['python builtins and a comprehension', 'python', 'print(sum([x*x for x in range(10)]))'],
    ['python keyword argument', 'python', "print('a', 'b', sep='-')"],
    ['python bytes and hex', 'python', 'print(bytes.fromhex("68656c6c6f").decode())'],
    ['python lambda', 'python', 'print(list(map(lambda a, b: a + b, [1], [2])))'],
    ['python local then use', 'python', 'xs = [3, 1, 2]\nprint(sorted(xs))'],
    ['python stdlib import when isolated (-I)', 'python', 'import json; print(json.dumps({"a": 1}))', true],
    [
      'python from-import when isolated',
      'python',
      'from base64 import b64encode; print(b64encode(b"x"))',
      true,
    ],
    ['python raw and bytes prefixes', 'python', "print(r'a\\b', b'x', rb'y')"],
    ['python triple-quoted string with a hash', 'python', 'print("""# not a comment""")'],
    ['python stdin filter', 'python', 'import sys; print(len(sys.stdin.read().split()))'],
    [
      'python json read from stdin (isolated)',
      'python',
      'import json, sys; print(json.load(sys.stdin)["a"])',
      true,
    ],
    ['python import path printed whole', 'python', 'import sys; print(sys.path)'],
    ['python import path beside the version', 'python', 'import sys; print(sys.path, sys.version)'],
    ['node version', 'node', 'console.log(process.version)'],
    ['node versions member', 'node', 'console.log(process.versions.v8)'],
    ['node JSON with an object literal', 'node', 'console.log(JSON.stringify({a: 1, b: [1, 2]}))'],
    ['node built-in module by literal', 'node', 'const p = require("path"); console.log(p.join("a", "b"))'],
    ['node arrow function', 'node', 'console.log([1, 2, 3].map((x) => x * 2).join(","))'],
    ['node numeric subscript', 'node', 'console.log(process.argv[1])'],
    ['node crypto uuid', 'node', 'console.log(require("crypto").randomUUID())'],
    ['node a workspace JSON file', 'node', 'require("./package.json").version'],
    ['node a nested workspace JSON file', 'node', 'console.log(require("./packages/a/package.json").name)'],
    [
      "node an installed package's manifest",
      'node',
      'console.log(require("typescript/package.json").version)',
    ],
    ["node a scoped package's manifest", 'node', "require('@types/node/package.json').version"],
    // Keys of parsed JSON are data, whatever their names.
    ["node a manifest's scripts", 'node', 'require("./package.json").scripts'],
    ['node one script', 'node', "console.log(require('./package.json').scripts.test)"],
    ['node dependency names', 'node', 'console.log(Object.keys(require("./package.json").dependencies))'],
    ['node optional chaining on JSON', 'node', 'require("./tsconfig.json")?.compilerOptions?.target'],
    ['ruby version', 'ruby', 'puts RUBY_VERSION'],
    ['ruby block', 'ruby', 'puts [1, 2, 3].map { |x| x * 2 }.sum'],
    ['ruby json', 'ruby', "require 'json'; puts JSON.generate([1])"],
    ['ruby symbol argument', 'ruby', 'puts [1, 2].inject(:+)'],
  ])('%s', (_name, lang, code, isolated) => {
    expect(inlineCodeInert(code, lang, isolated ?? false)).toBe(true);
  });
});

describe('inline code that is not read as inert', () => {
  it.each<Case>([
    // Python: reaching a process, a file, the environment or the import system, directly or indirectly.
    ['python os.system', 'python', 'import os; os.system("id")'],
    ['python code after a comment ended by a lone CR', 'python', 'print(1)#\rimport os; os.system("id")'],
    ['node code after a comment ended by U+2028', 'node', 'console.log(1)//\u2028require("child_process")'],
    ['python with a form feed', 'python', 'print(1)\fprint(2)'],
    ['python open of a secret', 'python', 'print(open("/home/u/.ssh/id_rsa").read())'],
    ['python __import__', 'python', '__import__("os").system("id")'],
    ['python getattr indirection', 'python', 'import sys; getattr(sys, "modules")["os"].system("id")'],
    ['python split string module name', 'python', 'm = "o" + "s"; print(m)\nexec("import " + m)'],
    ['python sys.modules', 'python', 'import sys; sys.modules["os"].system("id")'],
    [
      'python load of an object that is not the json module',
      'python',
      'import sys; x = sys; x.load(sys.stdin)',
      true,
    ],
    [
      'python load after json is rebound',
      'python',
      'import json, sys; json = sys; json.load(sys.stdin)',
      true,
    ],
    ['python import path sliced into', 'python', 'import sys; sys.path[0:0] = ["."]; import json', true],
    ['python import path appended to', 'python', 'import sys; sys.path.append("."); import json', true],
    ['python import path reversed', 'python', 'import sys; print(sys.path.reverse()); import json', true],
    ['python import path element', 'python', 'import sys; print(sys.path[0])'],
    ['python dunder walk', 'python', 'print(().__class__.__base__.__subclasses__())'],
    ['python f-string runs code', 'python', 'print(f"{__import__(\'os\').getcwd()}")'],
    ['python t-string after a local named t', 'python', 't = 1\nprint(t"{1}")'],
    ['python format string reads attributes', 'python', 'import sys; print("{0.modules}".format(sys))'],
    ['python environment', 'python', 'import os; print(os.environ)'],
    [
      'python stdlib module shadowed by a file of the folder (no -I)',
      'python',
      'import json; print(json.dumps(1))',
    ],
    ['python sys.path moved before a lazy import', 'python', 'import sys; sys.path.insert(0, "/tmp")', true],
    [
      'python local named like a builtin, bound on a skipped branch',
      'python',
      'if 0:\n  open = print\nopen("x")',
    ],
    ['python loop variable named like a builtin', 'python', '[1 for open in [1]]\nopen("/etc/shadow")'],
    ['python import as alias', 'python', 'import sys as s; print(s)'],
    ['python module not in the list', 'python', 'import subprocess', true],
    ['python def', 'python', 'def f(): pass'],
    ['python line continuation', 'python', 'print(1 + \\\n 2)'],
    ['python non-ascii identifier', 'python', 'print(\u0435val)'],
    ['python walrus rebinding a builtin', 'python', '(open := print)'],
    [
      'python pathlib read',
      'python',
      'import pathlib; print(pathlib.Path("~/.aws/credentials").read_text())',
      true,
    ],
    ['python empty', 'python', '   '],
    // Node: modules that are globals under -e, computed members, constructors, templates.
    ['node child_process global under -e', 'node', 'child_process.execSync("id")'],
    ['node require of child_process', 'node', 'require("child_process").execSync("id")'],
    [
      "node an installed package's code, not its manifest",
      'node',
      'console.log(require("typescript").version)',
    ],
    ['node another file of an installed package', 'node', 'require("typescript/lib/tsc.js")'],
    ['node a manifest reached through a parent folder', 'node', 'require("../x/package.json")'],
    ['node a manifest of a package named by a path', 'node', 'require("/tmp/x/package.json")'],
    ['node require of a computed name', 'node', 'const m = "fs"; require(m)'],
    ['node require of a JSON file above the workspace', 'node', 'require("./../x.json")'],
    ['node require of a JSON file by absolute path', 'node', 'require("/etc/x.json")'],
    ['node require of a local script', 'node', 'require("./x.js")'],
    ['node computed constructor', 'node', '[]["constructor"]["constructor"]("return process")()'],
    [
      "node a JSON object's constructor",
      'node',
      'require("./package.json").constructor.constructor("return process")()',
    ],
    ['node a JSON key called', 'node', 'require("./package.json").scripts.valueOf()'],
    ['node a JSON key applied', 'node', 'require("./package.json").x.toString.call(process.env)'],
    ['node a key of a module that is code', 'node', 'require("path").posixx'],
    ['node a key of a JSON value held in a local', 'node', 'const p = require("./package.json"); p.scripts'],
    ['node computed member through a local', 'node', 'const k = "constructor"; console.log([][k])'],
    ['node destructured constructor', 'node', 'const {constructor: {constructor: f}} = []; f("x")()'],
    ['node destructured arrow parameter', 'node', '(({constructor: f}) => f)([])'],
    ['node process.env', 'node', 'console.log(process.env)'],
    ['node process.binding', 'node', 'process.binding("spawn_sync")'],
    ['node process printed whole (its environment)', 'node', 'console.log(process)'],
    ['node process serialised whole', 'node', 'console.log(JSON.stringify(process))'],
    ['node fetch', 'node', 'fetch("http://example.net/x")'],
    ['node arrow parameter shadowing a global', 'node', '((fetch) => 0)(1); fetch("http://x")'],
    [
      'node regex literal hiding code from the tokenizer',
      'node',
      '/\'/;require("child_process").execSync("id")//\'',
    ],
    ['node template literal', 'node', `console.log(\`${'$'}{process.env.HOME}\`)`],
    ['node tagged template', 'node', 'eval`x`'],
    ['node eval', 'node', 'eval("1")'],
    ['node unicode escape in a name', 'node', '\\u0065val("1")'],
    ['node Function', 'node', 'new Function("return 1")()'],
    ['node os.userInfo', 'node', 'console.log(require("os").userInfo())'],
    // Ruby: commands, interpolation, heredocs, reflection.
    ['ruby backticks', 'ruby', 'puts `id`'],
    ['ruby system', 'ruby', 'system("id")'],
    ['ruby %x', 'ruby', 'puts %x(id)'],
    ['ruby interpolation', 'ruby', 'puts "#{`id`}"'],
    ['ruby heredoc interpolation read as a comment', 'ruby', 'puts <<A\n#{system("id")}\nA'],
    ['ruby send', 'ruby', 'puts [1].send(:sum)'],
    ['ruby ENV', 'ruby', 'puts ENV["HOME"]'],
    ['ruby File', 'ruby', 'puts File.read("/etc/shadow")'],
    ['ruby block parameter named like Kernel#system', 'ruby', '[1].each { |system| system("id") }'],
    ['ruby require of a library not listed', 'ruby', "require 'open3'"],
    ['ruby global variable', 'ruby', 'puts $0'],
  ])('%s', (_name, lang, code, isolated) => {
    expect(inlineCodeInert(code, lang, isolated ?? false)).toBe(false);
  });

  it('code longer than a trivial program is not read', () => {
    expect(inlineCodeInert(`print(${'1+'.repeat(1_500)}1)`, 'python')).toBe(false);
  });
});
