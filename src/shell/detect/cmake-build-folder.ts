/**
 * What a configured CMake build folder runs beyond the project's CMakeLists.txt: the programs its cache names
 * (compilers, launchers, clang-tidy and the other checkers, an emulator: CMake runs them for every build step and
 * when it configures again), and the tests ctest runs (CTestTestfile.cmake, its `subdirs`). Each is given back as a
 * shell command line for the builder's walk to analyse (round thirty-five: a preset's clang-tidy script and a ctest
 * fixture script ran unread). A program of the system (a bare name or one in a system program folder) that is no
 * shell or interpreter is the user's installed software, as on PATH; a compiled test in the build folder is the
 * project's build output, as ctest's entry of the catalogue takes it. Pure: the caller reads the files.
 */

import { posix } from 'node:path';
import { interpreterFamily } from '../data/interpreters';
import { SYSTEM_PROGRAM_PATH } from '../data/shadowable-tools';
import { SHELLS, WRAPPERS } from '../data/wrappers';
import { argvText } from './build-files';

/** Cache entries naming a program a build step runs. */
const TOOL_ENTRY =
  /^CMAKE_(?:[A-Za-z]+_(?:COMPILER(?:_LAUNCHER|_AR|_RANLIB)?|LINKER_LAUNCHER|CLANG_TIDY|CPPCHECK|CPPLINT|INCLUDE_WHAT_YOU_USE)|LINK_WHAT_YOU_USE_CHECK|CROSSCOMPILING_EMULATOR|AR|RANLIB|LINKER|MAKE_PROGRAM|OBJCOPY|OBJDUMP|STRIP|NM|ADDR2LINE|READELF|DLLTOOL)(?::[A-Z]+)?=(.*)$/;

/** A CMake list (`a;b;c`, `\;` a literal semicolon) as its words. */
function listWords(value: string): string[] {
  return value
    .split(/(?<!\\);/)
    .map((w) => w.replaceAll('\\;', ';'))
    .filter((w) => w !== '');
}

/** Is the program the user's installed software (nothing of the project, no shell or interpreter given code)? */
function installed(program: string): boolean {
  if (program.includes('/') && !SYSTEM_PROGRAM_PATH.test(program)) return false;
  const base = program.slice(program.lastIndexOf('/') + 1);
  // A wrapper runs the words after it (`/usr/bin/env;sh;-c;…`): judged, as a shell is (final read).
  return !SHELLS.has(base) && interpreterFamily(base) === undefined && !Object.hasOwn(WRAPPERS, base);
}

/** Cache entries naming a CMake file the configure step runs (also when a build configures again). */
const CODE_ENTRY =
  /^CMAKE_(?:PROJECT_(?:\w+_)?INCLUDE(?:_BEFORE)?|TOOLCHAIN_FILE|USER_MAKE_RULES_OVERRIDE(?:_\w+)?)(?::[A-Z]+)?=(.+)$/;

/** The CMake files a cache names for the configure step to run (`CMAKE_PROJECT_INCLUDE`, a toolchain file). */
export function cacheCodeFiles(cache: string): string[] {
  const out: string[] = [];
  for (const line of cache.split(/\r?\n/)) {
    const value = CODE_ENTRY.exec(line.trim())?.[1]?.trim();
    if (value) out.push(...listWords(value));
  }
  return out;
}

/** The command lines of the programs a CMake cache names that are not installed software. */
export function cacheToolCommands(cache: string): string[] {
  const out: string[] = [];
  for (const line of cache.split(/\r?\n/)) {
    const m = TOOL_ENTRY.exec(line.trim());
    if (!m) continue;
    const words = listWords((m[1] ?? '').trim());
    const program = words[0];
    if (program === undefined || program.endsWith('-NOTFOUND') || installed(program)) continue;
    out.push(argvText(words));
  }
  return out;
}

/** The quoted arguments of a CTestTestfile.cmake call (`"a" "b\\"c"`, `[=[x]=]`), unescaped. */
function callWords(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/"((?:[^"\\]|\\.)*)"|\[(=*)\[([\s\S]*?)\]\2\]|([^\s"[\]]+)/g)) {
    if (m[1] !== undefined) out.push(m[1].replace(/\\(.)/g, '$1'));
    else if (m[3] !== undefined) out.push(m[3]);
    else if (m[4] !== undefined) out.push(m[4]);
  }
  return out;
}

export interface CtestRead {
  /** Command lines of the tests ctest may run that are not compiled output of the build folder. */
  commands: string[];
  /** Files it includes or folders `subdirs` names (relative ones to its folder), which ctest reads too. */
  loads: string[];
  /** Why the file is not followed: ctest runs it as a CMake script (`execute_process`, even with `-N`). */
  opaque?: string;
}

/** The calls CMake writes into a test file; any other runs as CMake code when ctest reads the file. */
const TEST_FILE_CALL =
  /^(?:add_test|subdirs|include|set_tests_properties|set_directory_properties|set|if|elseif|else|endif)$/i;

/**
 * One CTestTestfile.cmake (each call on a line of its own, as CMake writes it): its tests' commands, less the
 * programs of the build folder `buildRoot` (compiled tests) and the placeholders of tests not built, and the files
 * and folders it loads. Filters (`-R`, `-L`) are not applied: every test may run, fixtures pull in others.
 */
export function ctestFile(text: string, buildRoot: string): CtestRead {
  const out: CtestRead = { commands: [], loads: [] };
  for (const line of text.split(/\r?\n/)) {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    const m = /^([A-Za-z_]\w*)[ \t]*\((.*)\)$/.exec(t);
    if (!m || !TEST_FILE_CALL.test(m[1] ?? '')) {
      out.opaque = 'holds CMake code besides its tests';
      return out;
    }
    const call = (m[1] ?? '').toLowerCase();
    if (!/^(?:add_test|subdirs|include)$/.test(call)) continue;
    const words = callWords(m[2] ?? '');
    if (call === 'subdirs') {
      out.loads.push(...words.map((w) => `${w.replace(/\/+$/, '')}/CTestTestfile.cmake`));
      continue;
    }
    if (call === 'include') {
      out.loads.push(...words.slice(0, 1));
      continue;
    }
    const [name, program, ...rest] = words;
    if (program === undefined || program === 'NOT_AVAILABLE') continue;
    // A compiled test of the build folder, by its path as the file system reads it (`build/../../bin/sh` is not).
    if (posix.normalize(program).startsWith(`${buildRoot}/`) && !program.includes('/../')) continue;
    // `add_test(x_NOT_BUILT x_NOT_BUILT)`: the placeholder of a test whose program was not built.
    if (!program.includes('/') && (program === name || program.endsWith('_NOT_BUILT'))) continue;
    out.commands.push(argvText([program, ...rest]));
  }
  return out;
}
