// Site builders whose configuration runs code: mkdocs hooks, plugins and tags, sphinx's conf.py and extensions,
// mdbook's preprocessor commands, jekyll's _plugins. The reader is a table in memory.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { fileProject } from '../testdata/file-project';
import { shellEnv } from '../testdata/shell-env';
import type { ScriptFile } from '../types';

const P = '/home/u/proj';
const text = (t: string): ScriptFile => ({ kind: 'text', text: t });
const FILES: Record<string, ScriptFile> = {
  [`${P}/mk/mkdocs.yml`]: text(
    'site_name: x\ntheme:\n  name: material\nplugins:\n  - search\n  - mkdocstrings:\n      handlers:\n        python: {}\nhooks:\n  - hooks/links.py\nmarkdown_extensions:\n  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n',
  ),
  [`${P}/mk/hooks/links.py`]: text(
    'import re\n\ndef on_page_markdown(markdown, **kwargs):\n    return re.sub("a", "b", markdown)\n',
  ),
  [`${P}/mkbad/mkdocs.yml`]: text('site_name: x\nhooks:\n  - hooks.py\n'),
  [`${P}/mkbad/hooks.py`]: text('import os\nos.system("id")\n'),
  [`${P}/mkflow/mkdocs.yaml`]: text('site_name: x\nhooks: [h.py]\n'),
  [`${P}/mkflow/h.py`]: text('x = "#"; exec("print(1)")\n'),
  [`${P}/mkplugin/mkdocs.yml`]: text('site_name: x\nplugins:\n  - search\n  - macros\n'),
  [`${P}/mktag/mkdocs.yml`]: text('site_name: x\nextra:\n  x: !!python/object/apply:os.system ["id"]\n'),
  // Review of round 32: the same tag spelled verbatim, through a %TAG handle, or %-escaped.
  [`${P}/mkverbatim/mkdocs.yml`]: text(
    'site_name: x\nbuild: !<tag:yaml.org,2002:python/object/apply:os.system> ["id"]\n',
  ),
  [`${P}/mkhandle/mkdocs.yml`]: text(
    '%TAG !py! tag:yaml.org,2002:python/\n---\nsite_name: x\nbuild: !py!object/apply:os.system ["id"]\n',
  ),
  [`${P}/mkescape/mkdocs.yml`]: text('site_name: x\nbuild: !!pyth%6Fn/object/apply:os.system ["id"]\n'),
  [`${P}/mkinherit/mkdocs.yml`]: text('INHERIT: ../base.yml\n'),
  [`${P}/sph/docs/conf.py`]: text(
    'import os\nimport sys\nsys.path.insert(0, os.path.abspath(".."))\nproject = "app"\nextensions = [\n    "sphinx.ext.autodoc",\n    "myst_parser",\n]\nhtml_theme = "furo"\n',
  ),
  [`${P}/sphbad/docs/conf.py`]: text('import subprocess\nsubprocess.run(["id"])\n'),
  [`${P}/sphext/docs/conf.py`]: text('extensions = ["sphinx.ext.autodoc", "local_ext"]\n'),
  [`${P}/sphext2/docs/conf.py`]: text('extensions = ["sphinx.ext.autodoc"]\nextensions.append("x" + "y")\n'),
  [`${P}/sphc/cfg/conf.py`]: text('import os\nos.system("id")\n'),
  [`${P}/book/book.toml`]: text(
    '[book]\ntitle = "x"\n[preprocessor.links]\n[preprocessor.wipe]\ncommand = "rm -rf ~"\n[output.html]\n',
  ),
  [`${P}/book2/book.toml`]: text('[book]\ntitle = "x"\n[preprocessor.mystery]\n[output.html]\n'),
  [`${P}/book3/book.toml`]: text('[book]\ntitle = "x"\n[preprocessor.toc]\ncommand = "mdbook-toc"\n'),
  [`${P}/jk/_plugins`]: { kind: 'unreadable', why: 'not-regular' },
  [`${P}/jk2/_config.yml`]: text('title: x\n'),
};
const { at, categories, codes } = fileProject(P, FILES);

beforeAll(async () => {
  await loadShellParser();
});

describe('site builders whose configuration runs code', () => {
  it.each<[string, string, string]>([
    ['an mkdocs hook that reaches the system', 'mkbad', 'mkdocs build'],
    ['an mkdocs hook in a flow list, a call after a # in a string', 'mkflow', 'mkdocs serve'],
    ['an mkdocs plugin not on the list', 'mkplugin', 'mkdocs build --strict'],
    ['an mkdocs python tag that is not a name of the theme', 'mktag', 'mkdocs build'],
    ['an mkdocs python tag spelled verbatim', 'mkverbatim', 'mkdocs build'],
    ['an mkdocs python tag through a %TAG handle', 'mkhandle', 'mkdocs serve'],
    ['an mkdocs python tag %-escaped', 'mkescape', 'mkdocs build'],
    ['an mkdocs config that inherits another', 'mkinherit', 'mkdocs build'],
    ['an mkdocs config named by option', '.', 'mkdocs build -f mkbad/mkdocs.yml'],
    ['python -m mkdocs', 'mkbad', 'python3 -m mkdocs build'],
    [
      'an mkdocs config written earlier in the line',
      'mk',
      "printf 'hooks: [../mkbad/hooks.py]' > mkdocs.yml && mkdocs build",
    ],
    ['a sphinx conf.py that reaches the system', 'sphbad', 'sphinx-build -b html docs docs/_build'],
    ['a sphinx extension not on the list', 'sphext', 'sphinx-build docs out'],
    ['sphinx extensions computed', 'sphext2', 'sphinx-build -M html docs out'],
    ['a sphinx conf.py in the folder -c names', 'sphc', 'sphinx-build -c cfg docs out'],
    ['sphinx values set on the line', 'sph', 'sphinx-build -D extensions=evil docs out'],
    ['an mdbook preprocessor program not on the list', 'book2', 'mdbook build'],
    ['jekyll with a _plugins folder', 'jk', 'jekyll build'],
  ])('uncertain: %s', (_n, dir, command) => {
    expect(codes(at(dir, command))).toContain('dynamic-script');
  });

  it('files written earlier in the line are read without a disk reader', () => {
    const a = analyzeShellSync(
      "printf 'hooks: [h.py]' > mkdocs.yml && printf 'import subprocess' > h.py && mkdocs build",
      shellEnv(),
    );
    expect(a.uncertain.map((u) => u.code)).toContain('dynamic-script');
  });

  it('an mdbook preprocessor command is analysed as the shell it is', () => {
    expect(categories(at('book', 'mdbook build'))).toContain('destructive_root_delete');
  });

  it.each<[string, string, string]>([
    ['mkdocs with an inert hook, known plugins and the theme emoji tag', 'mk', 'mkdocs build --strict'],
    ['mkdocs serve', 'mk', 'mkdocs serve'],
    ['mkdocs without a config', 'none', 'mkdocs build'],
    ['sphinx with the path idiom and known extensions', 'sph', 'sphinx-build -b html docs docs/_build'],
    ['sphinx -M', 'sph', 'python3 -m sphinx -M html docs docs/_build'],
    ['sphinx isolated from conf.py', 'sphbad', 'sphinx-build -C -b html docs out'],
    ['an mdbook preprocessor with a known command', 'book3', 'mdbook build'],
    ['jekyll without plugins', 'jk2', 'jekyll build'],
    ['jekyll --safe', 'jk', 'jekyll build --safe'],
  ])('quiet: %s', (_n, dir, command) => {
    const a = at(dir, command);
    expect(categories(a)).toEqual([]);
    expect(codes(a)).toEqual([]);
  });
});
