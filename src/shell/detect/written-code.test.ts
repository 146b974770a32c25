// Runners that load project code: a file of the kind they load, written earlier in the same line by any writer,
// makes the run uncertain. Pure analysis; nothing is written or run.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const codes = (command: string) => analyzeShellSync(command, shellEnv()).uncertain.map((u) => u.code);

beforeAll(async () => {
  await loadShellParser();
});

describe('a runner loading a file this line wrote is uncertain', () => {
  it.each([
    ['vitest collects a test file', "echo 'x' > a.test.js && npx vitest run"],
    ['npm test', "echo 'x' > src/a.test.ts && npm test"],
    ['jest after a here-doc', "cat > a.test.ts <<'EOF'\nrequire('child_process')\nEOF\njest"],
    ['go test', "printf 'package x' > x_test.go && go test ./..."],
    ['cargo build runs build.rs', "echo 'fn main(){}' > build.rs && cargo build"],
    ['pip install -e runs setup.py', "echo 'import os' > setup.py && pip install -e ."],
    ['python -m pip', "echo 'x' > setup.py && python3 -m pip install ."],
    ['eslint loads its config', "echo 'module.exports=[]' > eslint.config.js && npx eslint ."],
    ['an npm rc appended', "echo 'script-shell=/tmp/x' >> .npmrc && npm test"],
    ['a copy is a writer too', 'cp /tmp/t.js test/a.test.js && npm test'],
    ['sed w, an unmodelled writer', "sed -n 'w a.test.js' tpl && npx vitest run"],
    ['a script npm test calls by path', 'cp /tmp/payload.sh scripts/pretest.sh && npm test'],
    ['tee', 'echo x | tee a.spec.ts && npx playwright test'],
    ['rake', "echo 'task :default' > Rakefile && rake"],
    ['gradle', "echo 'x' > build.gradle && ./gradlew test"],
    ['dotnet', "echo 'x' > T.cs && dotnet test"],
    ['find -fprintf, an unmodelled writer', "find . -fprintf a.test.js 'x' && npx vitest run"],
    ['an archive unpacked', 'tar xf t.tar && go test ./...'],
  ])('%s', (_name, command) => {
    expect(codes(command)).toContain('dynamic-script');
  });
});

describe('ordinary runs stay quiet', () => {
  it.each([
    ['output of the run itself', 'npm test > out.json'],
    ['a write after the run', 'npm test && echo ok > out.json'],
    ['a note of another kind', 'echo x > notes.txt && go test ./...'],
    ['a read-only npm command', "echo '{}' > a.json && npm view react version"],
    ['go fmt loads nothing new (go vet does: cgo runs the C toolchain)', "echo 'x' > a.go && go fmt ./..."],
    ['a backup copied out of the workspace', 'cp scripts/pretest.sh /tmp/pretest.sh.bak && npm test'],
    ['an archive created, not unpacked', 'tar -czf dist.tar.gz dist && npm test'],
  ])('%s', (_name, command) => {
    expect(codes(command)).not.toContain('dynamic-script');
  });
});
