// What pytest runs of a conftest.py while collecting (round 32: a conftest importing numpy for a fixture made every
// run of the unit tests a question): modules beyond the inert ones only inside fixtures and helpers.
import { describe, expect, it } from 'vitest';
import { fixtureOnlyImports, inertPython } from './inert-python';

const lines = (...l: string[]) => `${l.join('\n')}\n`;

describe('a conftest whose other modules are used only inside fixtures', () => {
  it.each<[string, string]>([
    [
      'a fixture returning a generator',
      lines(
        'import numpy as np',
        'import pytest',
        '',
        '',
        '@pytest.fixture',
        'def rng():',
        '    return np.random.default_rng(17)',
      ),
    ],
    [
      'a session fixture and a helper',
      lines(
        'from hypothesis import strategies as st',
        'import pytest',
        'SEED = 17',
        '@pytest.fixture(scope="session")',
        'def tiles(tmp_path_factory):',
        '    return st.integers()',
        'def helper(x):',
        '    return st.just(x)',
      ),
    ],
    ['only inert modules', lines('import pytest', '@pytest.fixture', 'def x():', '    return 1')],
    [
      'a fixture asking for another by its parameter',
      lines(
        'import numpy as np',
        'import pytest',
        '@pytest.fixture',
        'def rng():',
        '    return np.random.default_rng(1)',
        '@pytest.fixture',
        'def grid(rng):',
        '    return rng.normal(size=(4, 4))',
      ),
    ],
  ])('known: %s', (_n, text) => {
    expect(fixtureOnlyImports(text)).toBe(true);
  });

  it.each<[string, string]>([
    ['a call at the top level', lines('import numpy as np', 'X = np.loadtxt("https://x.example/q")')],
    [
      'a hook',
      lines('import numpy as np', 'def pytest_configure(config):', '    np.loadtxt("/home/u/.netrc")'),
    ],
    [
      'an autouse fixture',
      lines(
        'import numpy as np',
        'import pytest',
        '@pytest.fixture(autouse=True)',
        'def each():',
        '    np.save("x", 1)',
      ),
    ],
    ['a default value', lines('import numpy as np', 'def f(x=np.loadtxt("u")):', '    return x')],
    [
      'a default value on a later line of the header',
      lines('import numpy as np', 'def f(', '    x=np.loadtxt("u"),', '):', '    return x'),
    ],
    [
      'a decorator argument',
      lines(
        'import numpy as np',
        'import pytest',
        '@pytest.mark.skipif(np.load("x"), reason="")',
        'def test_x():',
        '    pass',
      ),
    ],
    ['a class body', lines('import numpy as np', 'class T:', '    X = np.loadtxt("u")')],
    ['a star import', lines('from numpy import *', 'def f():', '    return 1')],
    ['a relative import', lines('from . import helpers', 'def f():', '    return helpers.x')],
    [
      'a name that reaches the system anywhere',
      lines('import numpy as np', 'def f():', '    os.system("id")'),
    ],
    // Final read of the session: a helper run by the top level, a parenthesised import, a decorator over lines.
    [
      'a helper called at the top level',
      lines(
        'import numpy as np',
        'def helper():',
        '    return np.loadtxt("https://x.example/q")',
        'DATA = helper()',
      ),
    ],
    [
      'a helper as a decorator',
      lines(
        'import numpy as np',
        'def deco(f):',
        '    np.save("x", 1)',
        '    return f',
        '@deco',
        'def test_x():',
        '    pass',
      ),
    ],
    [
      'a helper called by a default value',
      lines('import numpy as np', 'def h():', '    return np.load("x")', 'def f(x=h()):', '    return x'),
    ],
    [
      'a helper called by a hook',
      lines('import numpy as np', 'def h():', '    np.load("x")', 'def pytest_configure(config):', '    h()'),
    ],
    [
      'a parenthesised import hiding a name',
      lines(
        'import pandas as pd',
        'from numpy import (',
        '    loadtxt,',
        ')',
        'X = loadtxt("https://x.example/q")',
      ),
    ],
    [
      'autouse on a later line of the decorator',
      lines(
        'import numpy as np',
        'import pytest',
        '@pytest.fixture(',
        '    autouse=True,',
        ')',
        'def each():',
        '    np.save("x", 1)',
      ),
    ],
    [
      'a module beyond the known packages, even unused',
      lines('from elsewhere import hook', 'def f():', '    return 1'),
    ],
    [
      'an import inside a hook',
      lines('def pytest_sessionstart(session):', '    import numpy', '    numpy.save("x", 1)'),
    ],
  ])('not known: %s', (_n, text) => {
    expect(fixtureOnlyImports(text)).toBe(false);
  });

  it('agrees with the closed scan where it knows the file', () => {
    const text = lines('import pytest', '@pytest.fixture', 'def x():', '    return 1');
    expect(fixtureOnlyImports(text)).toBe(inertPython(text));
  });
});
