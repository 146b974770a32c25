/**
 * bash's builtin commands and special builtins (bash 5.2 `help`): names bash runs itself before looking on PATH,
 * so a folder put first on PATH never stands in for them. Data only.
 */
export const BASH_BUILTINS: ReadonlySet<string> = new Set(
  '. : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend test times trap true type typeset ulimit umask unalias unset wait'.split(
    ' ',
  ),
);
