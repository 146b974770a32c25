/**
 * Programs of the system that no package's bin stands in for, as data: one of these names in a `node_modules/.bin`
 * that a runner puts first on PATH replaces the tool a script means (detect/bin-shadows.ts). The package managers
 * and node are left out: packages ship them (`npm` comes with semantic-release, `yarn` and `node` as pinned
 * dependencies), and an installed package's bin is trusted as the package is.
 */
export const SHADOWABLE: ReadonlySet<string> = new Set(
  'git sh bash dash zsh cat ls echo printf test rm cp mv mkdir chmod ln touch grep sed awk find xargs env curl wget python python3 pip make tar gzip head tail sort uniq wc tr cut tee diff true false ssh scp rsync docker kubectl'.split(
    ' ',
  ),
);

/**
 * System programs a package's or a virtualenv's bin folder never stands in for, beyond those above (review 30b): a
 * file of that name in a workspace `node_modules/.bin`, `.venv/bin` or `vendor/bin` run by its path is a workspace
 * file, not the tool the catalogue knows. A virtualenv's own `python`/`pip` are its interpreter and installer.
 */
export const SYSTEM_ONLY: ReadonlySet<string> = new Set([
  ...SHADOWABLE,
  ...'jq yq tree less more file stat du df which id whoami uname date sleep ps kill nl od xxd hexdump base64 md5sum sha1sum sha256sum realpath readlink basename dirname tac rev column paste join comm split cmp patch unzip zip gunzip bzip2 xz zstd openssl gpg perl ruby awk gawk mawk nawk fish ksh tcsh csh busybox sudo su install dd truncate shred chown chgrp nohup timeout nice rg fd fdfind bat batcat fzf gh glab delta difft hexyl eza exa tokei hyperfine sd dust procs shellcheck shfmt hadolint actionlint terraform tofu helm kustomize podman node npx npm yarn pnpm corepack deno bun go gofmt cargo rustc rustup java javac mvn gradle sbt gem bundle php composer dotnet swift clang gcc cc cmake ninja meson bazel sqlite3 psql mysql redis-cli mongosh'.split(
    ' ',
  ),
]);

/** A program in a program folder of the system (`/usr/bin/env`, `/bin/nohup`, `/opt/homebrew/bin/timeout`). */
export const SYSTEM_PROGRAM_PATH = /^\/(?:(?:usr\/(?:local\/)?)?s?bin|opt\/homebrew\/bin)\/[^/]+$/;

/** A program named by its path in a package's or a virtualenv's bin folder of the workspace: the folder, the name. */
export const WORKSPACE_BIN = /^(?:\.\/)?(node_modules\/\.bin|\.?venv\/bin|vendor\/bin)\/([^/]+)$/;
