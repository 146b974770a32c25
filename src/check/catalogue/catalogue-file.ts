/**
 * The schema of the safe catalogue (rules/check-safe.json): the programs and argument shapes known to be safe,
 * and the variables known to be inert. Pure: the surface reads the file, this validates it whole (a file that
 * fails is never half used: every decision then ends with basis `rules-invalid`). The schemas are built on first
 * use (`z.lazy`): a load whose files are the ones the build checked never runs them (../policy/prebuilt-rules.ts).
 */

import * as z from 'zod/mini';

const word = z.string().check(z.minLength(1));
const option = z.string().check(z.regex(/^-{1,2}[^\s=]+$/));
const programName = z.string().check(z.regex(/^[a-z0-9][a-z0-9._+-]*$/));
const variableName = z.string().check(z.regex(/^(?:[A-Za-z_][A-Za-z0-9_]*\*?|\*[A-Za-z0-9_]+)$/));

export const OPTIONS_SCHEMA = z.lazy(() =>
  z.strictObject({
    /** Options without a value (`-n`, `--oneline`); a long one may still be written `--color=auto`. */
    flags: z.optional(z.array(option)),
    /** Options that take a value: the next word, `--opt=value`, or the rest of a short cluster (`-n5`). */
    values: z.optional(z.array(option)),
  }),
);

export const ENTRY_SCHEMA = z.lazy(() =>
  z.strictObject({
    id: z.string().check(z.regex(/^[a-z][a-z0-9-]*$/)),
    description: z.optional(z.string()),
    /** Program names after unwrapping (lower-case basenames). */
    programs: z
      .array(z.string().check(z.regex(/^(?:[a-z0-9][a-z0-9._+-]*|:|\.|\[|\[\[)$/)))
      .check(z.minLength(1)),
    /** Options known before the subcommand (`git -C dir`, `cargo +nightly`). */
    global: z.optional(OPTIONS_SCHEMA),
    /**
     * Subcommands, one or more words (`stash list`, `config core.hooksPath *`); `*` stands for any one word that is
     * not an option; a last `**` for every word left, the arguments of the program the entry runs (`run * **`).
     */
    subcommands: z.optional(
      z.array(
        z.string().check(z.regex(/^[a-z0-9*+-][a-zA-Z0-9:._*+-]*( [a-zA-Z0-9*+-][a-zA-Z0-9:._*+=-]*)*$/)),
      ),
    ),
    flags: z.optional(z.array(option)),
    values: z.optional(z.array(option)),
    /** Options that make the program run, load or write something: never known safe, whatever else lists them. */
    breaking: z.optional(z.array(option)),
    /**
     * `-exec`/`-execdir` of `find` running one of these programs (a plain name), up to `;` or `+`: the command run is
     * a segment of its own, judged as itself; any other program after them is not known. Only read-only programs.
     */
    exec_programs: z.optional(z.array(z.string().check(z.regex(/^[a-z0-9][a-z0-9._+-]*$/)))),
    /** The shape needs an argument: alone the program does something else (`set` alone prints every variable). */
    needs_argument: z.optional(z.boolean()),
    /** `-5` (a count) is an option (`head -5`, `git log -3`); `first`: only as the first option (`kill -9 %1`). */
    numeric_options: z.optional(z.union([z.boolean(), z.literal('first')])),
    /** Every option is one word after a single dash (`find -name x -type f`); `(`, `)`, `!`, `,` are operators. */
    single_dash_words: z.optional(z.boolean()),
    /** Every argument is data the program only prints (`echo -rf` prints `-rf`): no option can change what it does. */
    literal_args: z.optional(z.boolean()),
    /** A word holding text computed at run time (`of=$OUT`) or starting with a glob is never known, even as an operand (`rm -rf $DIR`, `rm *`). */
    static_args: z.optional(z.boolean()),
    /** `any` (default): positional words are data (files, patterns); `none`: the shape takes none. */
    positionals: z.optional(z.enum(['any', 'none'])),
    /** A positional `NAME=value` sets a variable of the program (`make CC=x`): known safe only for an inert name. */
    refuse_assignments: z.optional(z.boolean()),
    /** A regular expression every positional word must match (`source` of a virtualenv's activate script only). */
    operands: z.optional(z.string().check(z.minLength(1))),
    /**
     * A glob at the start of a word (`*.egg-info`) is an operand when a literal tail holding `.` or `/` ends it: each
     * expansion ends in that tail, which no option of the program takes (its options are flags; the program refuses
     * the word before it acts). Only an entry without valued options may say so.
     */
    suffix_globs: z.optional(z.boolean()),
    /**
     * A shell running a script it reads (a file, its standard input): known only when the analysis read that script
     * and its commands follow it (each judged on its own). The first positional is the script, a workspace path;
     * the words after it are the script's arguments and must match `operands`. Without a positional the script is
     * standard input (a here-document the analysis read).
     */
    runs_script: z.optional(z.boolean()),
    /**
     * The value each listed option must match, whole (`tar -I` only a compressor, `-f`/`-C` a workspace or temp
     * path): a regular expression per option. A value that does not match is not known.
     */
    option_values: z.optional(z.record(option, z.string().check(z.minLength(1)))),
    /**
     * Paths judged by scope: the program must run in a workspace folder, every path the analysis lists for it must be
     * in the workspace or temp (a deletion only inside a generated folder or temp), and `operands`/`option_values`
     * should keep the words it does not list there (relative, no `..`, no `~`).
     */
    paths_in_scope: z.optional(z.boolean()),
    /** At least one of these options must be given (`tar -x` only with `-C`; `Rscript` only with `--vanilla`). */
    required_values: z.optional(z.array(option)),
    /** At most this many positionals: a further one changes what the program does (`xxd in out` writes `out`). */
    max_positionals: z.optional(z.int().check(z.minimum(0))),
    /** A regular expression the first positional must match (the archive `zip` writes). */
    first_operand: z.optional(z.string().check(z.minLength(1))),
    /** The first word must be an option (`tar xf`, an old-style cluster, is read by no option table). */
    options_first: z.optional(z.boolean()),
    /** `--` hands the rest to another tool (a compiler's flags after `clang-tidy f.c --`): still read as options. */
    options_after_dash_dash: z.optional(z.boolean()),
    /** The program's own script language, checked by code (`sed` without `w`/`e`/`r`, `awk` without `system`). */
    language: z.optional(
      z.enum(['sed', 'awk', 'python', 'node', 'ruby', 'r', 'julia', 'php', 'perl', 'perl-subst']),
    ),
    /** Commands this entry must know safe (every segment), checked by the test suite of every build. */
    safe: z.array(word).check(z.minLength(1)),
    /** Commands the catalogue must not know safe. */
    not_safe: z.optional(z.array(word)),
  }),
);
export type CatalogueEntry = z.infer<typeof ENTRY_SCHEMA>;

export const CATALOGUE_FILE_SCHEMA = z.lazy(() =>
  z.strictObject({
    $schema: z.optional(z.string()),
    version: z.int().check(z.minimum(1)),
    description: z.optional(z.string()),
    /** Variables a program may be given (`NODE_ENV=test npm test`) without changing what it runs. `X*`: a prefix, `*X` a suffix. */
    inert_variables: z.array(variableName),
    /**
     * Variables known inert only with a value of a known shape (`PAGER=cat`, `GOFLAGS=-count=1`): the name and a
     * regular expression the whole value must match. Any other value (`PAGER='sh -c x'`) is not known.
     */
    inert_values: z.optional(z.record(z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/)), z.string())),
    /** Variables that change what a later program runs or loads: a bare assignment of one is not known safe. */
    runs_code_variables: z.array(variableName),
    /** Wrapper options (`npx -p`) after which the unwrapped program is not the one the catalogue knows. */
    wrapper_options_not_safe: z.array(z.string().check(z.regex(/^[a-z0-9._-]+ -{1,2}[^\s=]+$/))),
    /**
     * Hosts of documentation their publishers run (no user-published sites, no traffic shown to page owners): a
     * read-only web fetch (GET, no body) of one is known safe, not outbound to an unstated host. Exact names.
     */
    /**
     * Programs every option of which only shapes what they print or which files they read (`wc`, `cat`): a word
     * computed at run time that may read as an option (xargs's input) is still a known-safe operand of theirs.
     */
    options_inert_programs: z.optional(z.array(z.string().check(z.regex(/^[a-z0-9._+-]+$/)))),
    documentation_hosts: z.optional(
      z.array(z.string().check(z.regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/))),
    ),
    /**
     * Options that, given alone to a program the catalogue knows (`X --version`), only print what it is: known
     * safe for every program any entry names. Not `--help`: some programs page a manual with it (ADR 0060).
     */
    version_options: z.optional(z.array(z.string().check(z.regex(/^--[a-z][a-z-]*$/)))),
    /**
     * Options asking a program its usage (`--help`): alone, known safe for every program an entry names but those
     * of `manual_help_programs`; after subcommands an entry of the program lists, for `help_programs` only.
     */
    help_options: z.optional(z.array(z.string().check(z.regex(/^--?[a-z][a-z-]*$/)))),
    /**
     * Programs that print a subcommand's usage for `<sub> --help` whatever the subcommand would run (their option
     * parser answers it first: `docker run --help`, `cargo build --help`); runners that hand words after a script's
     * name to it are not here.
     */
    help_programs: z.optional(z.array(programName)),
    /** Programs whose `--help` opens a manual page or the pager it is (`bundle`, `less`): never a help query. */
    manual_help_programs: z.optional(z.array(programName)),
    /**
     * Flags whose presence keeps a command safe (`--dry-run`, `--ignore-scripts`, `--frozen-lockfile`): given a value
     * other than `true` (`--dry-run=false`) one may mean its opposite, which no entry knows. Other flags keep their
     * `--flag=value` spellings (`--watch=false`, `--color=always`).
     */
    flags_kept_only_true: z.optional(z.array(z.string().check(z.regex(/^--[A-Za-z][A-Za-z-]*$/)))),
    /**
     * Packages a person has checked by their exact name, per registry (`npm`, `pypi`, `cargo`, `go`): widely used
     * ones whose name a typo or look-alike is not. An entry's `operands`, `first_operand` or `option_values` names
     * a list as `{known:npm}`, which stands for an alternation of its names, each matched literally.
     */
    known_packages: z.optional(
      z.record(
        z.string().check(z.regex(/^[a-z]+$/)),
        z.array(z.string().check(z.regex(/^[A-Za-z0-9@][A-Za-z0-9._/@-]*$/))),
      ),
    ),
    /**
     * Regular expression fragments several entries share (a permission mode that widens nothing, a path that stays
     * in the workspace), by name: an entry's `operands`, `first_operand` or `option_values` names one as
     * `{pattern:NAME}`, which stands for the fragment in a group. A fragment names no list and no other fragment.
     */
    patterns: z.optional(z.record(z.string().check(z.regex(/^[a-z][a-z0-9-]*$/)), z.string())),
    entries: z.array(ENTRY_SCHEMA),
  }),
);
export type CatalogueFile = z.infer<typeof CATALOGUE_FILE_SCHEMA>;
