/**
 * Formatter plugins Hex packages publish for `mix format` (`.formatter.exs` `plugins: [...]`), as data: code of a
 * dependency the project installs from Hex, like any other it runs. A plugin the project or a path dependency defines
 * is its own code, which mix format compiles and runs: not known (build-files-run.ts).
 */
export const HEX_FORMATTER_PLUGINS: ReadonlySet<string> = new Set([
  'Phoenix.LiveView.HTMLFormatter',
  'Styler',
  'Quokka',
  'FreedomFormatter',
  'Recode.FormatterPlugin',
  'MarkdownFormatter',
  'Surface.Formatter.Plugin',
  'TailwindFormatter',
  'TailwindFormatter.MultiFormatter',
  'DoctestFormatter',
  'Spark.Formatter',
  'Absinthe.Formatter',
]);
