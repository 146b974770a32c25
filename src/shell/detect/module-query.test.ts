// The closed shape of `python -c` code that only asks modules what they are: imports and one print of string
// literals, attribute chains that say what a module is, and device queries. Which module an import finds is tested with real files
// in workspace-programs.test.ts.
import { describe, expect, it } from 'vitest';
import { moduleQueryImports } from './module-query';

describe('moduleQueryImports', () => {
  it.each<[string, string, string[]]>([
    ['a version', 'import torch; print(torch.__version__)', ['torch']],
    [
      'several modules, an alias, a nested attribute',
      'import torch, numpy as np\nprint(np.__version__, torch.version.cuda)',
      ['torch', 'numpy'],
    ],
    ['an import alone (is it installed?)', 'import sklearn', ['sklearn']],
    [
      'a dotted module bound by its top name',
      'import google.protobuf; print(google.protobuf.__version__)',
      ['google.protobuf'],
    ],
    ['a label printed beside it', "import numpy; print('numpy', numpy.__version__)", ['numpy']],
    ['sys imported like any other', 'import sys; print(sys.version)', ['sys']],
    ['a device query', 'import torch; print(torch.cuda.is_available())', ['torch']],
    [
      'device queries beside the version',
      'import torch; print(torch.__version__, torch.cuda.device_count(), torch.cuda.get_device_name(0))',
      ['torch'],
    ],
    [
      'the GPU list',
      "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))",
      ['tensorflow'],
    ],
  ])('reads %s', (_n, code, want) => {
    expect(moduleQueryImports(code)).toEqual(want);
  });

  it.each([
    ['a call that is not a device query', "import torch; print(torch.load('x.pt'))"],
    ['a device query with another argument', 'import torch; print(torch.cuda.is_available(x))'],
    ['a device query through a namespace not listed', 'import torch; print(torch.hub.devices())'],
    ['an attribute that is not what the module is', 'import openai; print(openai.api_key)'],
    ['a name never imported', 'import torch; print(os.__file__)'],
    ['sys read without its import', 'print(sys.version)'],
    ['from-import', 'from torch import version; print(version.cuda)'],
    ['a subscript', "import torch; print(torch.__dict__['x'])"],
    ['two prints', 'import a; print(a.__version__); print(a.__version__)'],
    ['an assignment', 'import a; b = a; print(b.__version__)'],
    ['a string Python could read as a format', "import a; print(f'{a}')"],
    ['a string with an escape', "import a; print('\\x41')"],
    ['a private attribute', 'import a; print(a._secret)'],
    ['nothing imported', "print('hello')"],
    ['an expression statement', 'import a; a.__version__'],
    ['too many statements', Array.from({ length: 9 }, (_, i) => `import m${i}`).join('; ')],
    ['empty', ''],
  ])('refuses %s', (_n, code) => {
    expect(moduleQueryImports(code)).toBeUndefined();
  });
});
