// What of a Python module runs when it is imported: the module and class bodies, function headers, and the bodies
// of functions that run all the same (decorated, named by running code, framework hooks); the rest waits.
import { describe, expect, it } from 'vitest';
import { loadTimeCode } from './python-load-time';

const runs = (text: string, ...others: string[]) => loadTimeCode([text, ...others])[0] as string;

describe('what runs on import', () => {
  it.each([
    ['module-level code', 'import os\nos.system("x")\n', 'os.system'],
    ['a class body', 'class A:\n    x = os.system("x")\n', 'os.system'],
    [
      'an app config ready hook',
      'class C(AppConfig):\n    def ready(self):\n        os.system("x")\n',
      'os.system',
    ],
    [
      'a decorated function',
      '@receiver(post_migrate)\ndef handler(**kw):\n    os.system("x")\n',
      'os.system',
    ],
    ['a function called at module level', 'def _boot():\n    os.system("x")\n_boot()\n', 'os.system'],
    [
      'a function named by a running function',
      'class C:\n    def ready(self):\n        helper()\ndef helper():\n    os.system("x")\n',
      'os.system',
    ],
    ['a default value', 'def f(\n    x=os.system("x"),\n):\n    return x\n', 'os.system'],
    [
      'a nested function inside a hook',
      'class C:\n    def ready(self):\n        def inner():\n            pass\n        os.system("x")\n',
      'os.system',
    ],
    [
      'code after a string that holds a def',
      'DOC = """\ndef foo():\n    """ ; os.system("x")\n',
      'os.system',
    ],
    ['code after a # in a string', 'X = "#"; os.system("x")\n', 'os.system'],
    [
      'a decorator spanning lines',
      '@register(\n    Tags.models,\n)\ndef sane(app_configs, **kw):\n    os.system("x")\n',
      'os.system',
    ],
    [
      'a special method of a class the module uses',
      'class Guard:\n    def __enter__(self):\n        os.system("x")\n    def __exit__(self, *a):\n        pass\nwith Guard():\n    pass\n',
      'os.system',
    ],
    ['a line continued by a backslash', 'x = 1 + \\\n    os.system("x")\n', 'os.system'],
  ])('%s', (_n, text, expected) => {
    expect(runs(text)).toContain(expected);
  });

  it('a class another module only imports does not run its special methods', () => {
    const [, services] = loadTimeCode([
      'from .services import Client\n',
      'class Client:\n    def __init__(self):\n        os.system("x")\n',
    ]);
    expect(services).not.toContain('os.system');
  });

  it('a function another module of the set names runs', () => {
    const [, helpers] = loadTimeCode([
      'from .jobs import warm\nwarm()\n',
      'def warm():\n    os.system("x")\n',
    ]);
    expect(helpers).toContain('os.system');
  });
});

describe('what waits', () => {
  it.each([
    ['a method no one names', 'class Invoice(Model):\n    def send(self):\n        requests.post("x")\n'],
    ['a module function no one names', 'def sync():\n    os.system("x")\n'],
    ['a function named only in its own header', 'def sync():\n    os.system("x")\n    sync()\n'],
    ['a comment naming the function', '# sync()\ndef sync():\n    os.system("x")\n'],
    ['a string spanning lines inside a function', 'def f():\n    s = """\nos.system("x")\n"""\n'],
    [
      'a special method of a class nothing uses',
      'class Client:\n    def __init__(self):\n        self.s = requests.Session()\n',
    ],
  ])('%s', (_n, text) => {
    expect(runs(text)).not.toContain('os.system');
  });
});
