/**
 * `docker build` / `buildx build` / `podman build`: the build sends a context folder to the daemon and runs the
 * Dockerfile, so both are read. The context: a folder outside the workspace, a URL or stdin is uncertain; one
 * that holds secrets (home) is a secret read. The `--secret`/`--ssh` sources and `--build-context` folders are
 * host paths the build reads. The Dockerfile (read through project-file.ts, bounded): a `# syntax=` frontend
 * other than Docker's own runs an image's code on this machine (uncertain); `COPY`/`ADD` of a secret file of
 * the context is a secret read, and a `RUN` that reaches the network after one is exfiltration; `ADD <url>` and
 * a `FROM` on an image host is a fetch judged like any other. RUN lines run inside the build container and are
 * not judged as host commands. Never quotes the file. Pure apart from the injected reader and reporting.
 */

import { posix } from 'node:path';
import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { readBudgeted } from './disk-scripts';
import { dockerIgnore } from './docker-ignore';
import { networkTarget } from './network-target';
import { holdsSecrets, mayNameSecret, resolveArg, touchPath } from './path-effects';
import { projectFile } from './project-file';

const VALUED = new Set([
  '-f',
  '--file',
  '-t',
  '--tag',
  '--build-arg',
  '--target',
  '--platform',
  '--label',
  '--network',
  '--secret',
  '--ssh',
  '--build-context',
  '--cache-from',
  '--cache-to',
  '-o',
  '--output',
  '--progress',
  '--iidfile',
  '--metadata-file',
  '--add-host',
  '--builder',
  '--allow',
  '--annotation',
  '--attest',
  '--call',
  '--cgroup-parent',
  '--shm-size',
  '--ulimit',
  '-m',
  '--memory',
  '--isolation',
  '--cpuset-cpus',
  '--cpu-shares',
]);

/** Docker's own frontends (`docker/dockerfile:1`, `docker.io/docker/dockerfile:1.7`). */
const OWN_FRONTEND =
  /^(?:docker\.io\/)?docker\/dockerfile(?:-upstream)?(?::[\w.-]+)?(?:@sha256:[0-9a-f]{64})?$/;
/** A RUN that reaches the network. */
const NETWORK_RUN = /\b(?:curl|wget|nc|ncat|netcat|socat|scp|sftp|ssh|ftp|rsync|telnet)\b|[a-z]+:\/\//i;

function say(inv: Invocation, r: Reporter, why: string): void {
  // What the build reads is no value a script computes: kept through a script file read as written (a make recipe).
  r.uncertain('dynamic-script', `\`${inv.program} build\` ${why}`, inv.segment, 'kept');
}

/** `key=value,key=value` fields of `--secret`/`--ssh`/`--build-context` values. */
function fields(value: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of value.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1));
  }
  return out;
}

/** The Dockerfile's logical lines (continuations joined, comments after the first line dropped). */
function instructions(text: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const raw of text.replace(/\r\n/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (current === '' && /^\s*#/.test(line)) continue;
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    current += line;
    if (current.trim() !== '') out.push(current.trim());
    current = '';
  }
  if (current.trim() !== '') out.push(current.trim());
  return out;
}

/** Judges the Dockerfile text for a build of the context folder `context`. */
function judgeDockerfile(text: string, context: string, inv: Invocation, r: Reporter): void {
  const syntax = /^#\s*syntax\s*=\s*(\S+)/im.exec(text.split('\n').slice(0, 5).join('\n'));
  if (syntax && !OWN_FRONTEND.test(syntax[1] ?? ''))
    say(inv, r, 'runs a Dockerfile frontend image named in the file, which runs its own code');
  let secretCopied = false;
  // A secret file carried in by a folder copy (`COPY . .`) in the last stage, the image built: it ships the secret,
  // and a step run after it can read it. An earlier stage's steps (a build the last stage copies results from) are
  // the project's build run in a container, as `cargo build` runs it on the host (rounds 17 and 18).
  let folderCopied = false;
  const lines = instructions(text);
  const lastFrom = lines.reduce((last, l, k) => (/^FROM\s/i.test(l) ? k : last), -1);
  const inContext: Invocation = { ...inv, cwd: context };
  let ignore: ReturnType<typeof dockerIgnore> | undefined;
  /**
   * A folder of the context copied whole (`COPY . /app`): a secret file at its top (`.env`, a key) that the
   * `.dockerignore` does not leave out goes into the image with it (round 33). Undefined: not a folder.
   */
  const folderSecret = (src: string): boolean | undefined => {
    const rel = posix.normalize(src.replace(/^\/+/, '')).replace(/\/+$/, '');
    if (rel.startsWith('..') || /[*?[]/.test(rel)) return undefined;
    const listing = readBudgeted(posix.join(context, rel), inv, r);
    if (listing?.kind !== 'unreadable' || listing.why !== 'not-regular') return undefined;
    if (listing.entries === undefined) {
      say(inv, r, 'copies a folder of the build context gavel could not list');
      return false;
    }
    if (ignore === undefined) {
      const file = readBudgeted(posix.join(context, '.dockerignore'), inv, r);
      ignore = dockerIgnore(file?.kind === 'text' ? file.text : undefined);
    }
    const guard = ignore;
    return listing.entries.some((name) => {
      const path = rel === '.' ? name : `${rel}/${name}`;
      if (guard.excludes(path) || guard.excludes(rel === '.' ? name : rel)) return false;
      return mayNameSecret(
        { text: path, flow: { sensitive: false, network: false, decoded: false } },
        inContext,
        r,
      );
    });
  };
  for (const [k, line] of lines.entries()) {
    const m = /^(\w+)\s+(.*)$/.exec(line);
    if (!m) continue;
    const op = (m[1] ?? '').toUpperCase();
    const rest = m[2] ?? '';
    if (op === 'FROM') folderCopied = false;
    if (op === 'COPY' || op === 'ADD') {
      // Options first (`--from=stage`, `--chown=u`); a `--from` copies from an image, not the context.
      const words = rest.startsWith('[')
        ? (rest.match(/"((?:[^"\\]|\\.)*)"/g) ?? []).map((w) => w.slice(1, -1))
        : rest.split(/\s+/);
      const fromImage = words.some((w) => /^--from=/i.test(w));
      const operands = words.filter((w) => !w.startsWith('--'));
      for (const src of operands.slice(0, -1)) {
        if (/^[a-z][a-z0-9+.-]*:\/\//i.test(src) || /^git@/.test(src)) {
          if (op === 'ADD') networkTarget(src, inv.program, inv, r);
          continue;
        }
        if (fromImage) continue;
        const word: Word = {
          text: src.replace(/^\/+/, ''),
          flow: { sensitive: false, network: false, decoded: false },
        };
        if (!mayNameSecret(word, inContext, r)) {
          if (k > lastFrom && folderSecret(src) === true) folderCopied = true;
        } else {
          secretCopied = true;
          r.hit(
            'secret_material_read',
            `\`${inv.program} build\` copies a secret file of the build context into the image`,
            inv.segment,
          );
        }
      }
    } else if (op === 'RUN') {
      if ((secretCopied || folderCopied) && NETWORK_RUN.test(rest))
        r.exfiltration(
          inv.segment,
          `\`${inv.program} build\` copies a secret into the image and a RUN step reaches the network`,
        );
      else if (folderCopied)
        say(
          inv,
          r,
          'runs a step in an image holding a secret file its context copied in (no .dockerignore left it out)',
        );
    } else if (op === 'ONBUILD' && /^(?:ADD|COPY|RUN)\b/i.test(rest)) {
      say(inv, r, 'leaves ONBUILD steps for later builds');
    }
  }
}

/**
 * A compose service's build (`build: DIR`, or its `context` and `dockerfile`): the Dockerfile is read and judged as
 * `docker build` judges it (a secret copied into the image, then a step that reaches the network, leaves the
 * machine). The context's own checks are compose-file.ts's.
 */
export function composeBuild(
  context: string,
  dockerfile: string | undefined,
  inv: Invocation,
  r: Reporter,
): void {
  if (!r.env.readScript) return;
  const read = projectFile(posix.resolve(context, dockerfile ?? 'Dockerfile'), inv, r);
  if (read.kind === 'text') judgeDockerfile(read.text, context, inv, r);
  else if (read.kind !== 'missing' && read.kind !== 'unread')
    say(inv, r, 'builds a Dockerfile that could not be read');
}

/** `args`: the words after `build` (or `buildx build`, `image build`). */
export function dockerBuild(args: readonly Word[], inv: Invocation, r: Reporter): void {
  let fileWord: Word | undefined;
  const positionals: Word[] = [];
  for (let k = 0; k < args.length; k++) {
    const w = args[k] as Word;
    const t = optionText(w);
    if (!t.startsWith('-') || t === '-') {
      positionals.push(w);
      continue;
    }
    const eq = t.startsWith('--') ? t.indexOf('=') : -1;
    const name = eq > 0 ? t.slice(0, eq) : /^-[a-zA-Z]./.test(t) && !t.startsWith('--') ? t.slice(0, 2) : t;
    const attached = eq > 0 ? t.slice(eq + 1) : name !== t ? t.slice(2) : undefined;
    if (!VALUED.has(name)) continue;
    const valueWord: Word | undefined =
      attached !== undefined
        ? { text: w.text.slice(w.text.length - attached.length), flow: w.flow }
        : args[++k];
    if (valueWord === undefined) continue;
    const value = optionText(valueWord);
    if (name === '-f' || name === '--file') fileWord = valueWord;
    if (name === '--secret' || name === '--ssh') {
      const f = fields(value);
      const src = f.get('src') ?? f.get('source') ?? (name === '--ssh' ? value.split('=')[1] : undefined);
      if (src !== undefined && src !== '') touchPath({ text: src, flow: valueWord.flow }, 'read', inv, r);
    }
    if (name === '--build-context') {
      const target = value.slice(value.indexOf('=') + 1);
      if (!/^(?:docker-image|oci-layout|target):/.test(target)) {
        const res = touchPath({ text: target, flow: valueWord.flow }, 'read', inv, r);
        if (res.class !== 'workspace') say(inv, r, 'sends a build context from outside the workspace');
      }
    }
  }
  const contextWord = positionals.at(-1);
  if (contextWord === undefined) return;
  const ctxText = plain(contextWord);
  if (ctxText === '-') {
    say(inv, r, 'builds a Dockerfile or context read from stdin');
    return;
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(ctxText) || /^git@/.test(ctxText)) {
    networkTarget(ctxText, inv.program, inv, r);
    return;
  }
  if (!isLiteral(contextWord)) {
    say(inv, r, 'sends a build context named at run time');
    return;
  }
  const ctx = touchPath(contextWord, 'read', inv, r);
  if (holdsSecrets(ctx.resolved, r))
    r.hit(
      'secret_material_read',
      `\`${inv.program} build\` sends a folder that holds secret material to the daemon`,
      inv.segment,
    );
  else if (ctx.class !== 'workspace' && ctx.class !== 'temp')
    say(inv, r, 'sends a build context from outside the workspace');
  if (ctx.resolved === undefined || !r.env.readScript) return;
  let file: string | undefined;
  if (fileWord !== undefined) {
    if (plain(fileWord) === '-') {
      say(inv, r, 'builds a Dockerfile read from stdin');
      return;
    }
    if (!isLiteral(fileWord)) {
      say(inv, r, 'builds a Dockerfile named at run time');
      return;
    }
    const res = resolveArg(fileWord, inv, r);
    file = res.resolved;
    if (res.class !== 'workspace' && res.class !== 'temp')
      say(inv, r, 'builds a Dockerfile from outside the workspace');
  } else file = posix.join(ctx.resolved, inv.program === 'podman' ? 'Containerfile' : 'Dockerfile');
  if (file === undefined) return;
  let read = projectFile(file, inv, r);
  if (read.kind === 'missing' && fileWord === undefined && inv.program === 'podman')
    read = projectFile(posix.join(ctx.resolved, 'Dockerfile'), inv, r);
  if (read.kind === 'text') judgeDockerfile(read.text, ctx.resolved, inv, r);
}
