import { allOptions } from "./parse.js";
import { type CommandSpec, GLOBAL_OPTIONS } from "./spec.js";

/** Pure: the words that may follow each run of command words ("" = the first word), with a summary each. */
export function nextWords(commands: readonly CommandSpec[]): Map<string, Map<string, string>> {
  const next = new Map<string, Map<string, string>>();
  for (const command of commands) {
    if (command.hidden) continue;
    command.path.forEach((word, i) => {
      const before = command.path.slice(0, i).join(" ");
      const words = next.get(before) ?? new Map<string, string>();
      const isLeaf = i === command.path.length - 1;
      if (!words.has(word) || isLeaf) words.set(word, isLeaf ? command.summary : (words.get(word) ?? "…"));
      next.set(before, words);
    });
  }
  return next;
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The shell functions both scripts share: the table as `case` statements, generated from the command table. */
function tableFunctions(commands: readonly CommandSpec[]): string {
  const next = nextWords(commands);
  const options = allOptions(commands);
  const valued = Object.entries(options)
    .filter(([, o]) => o.type === "string")
    .flatMap(([name, o]) => [`--${name}`, ...(o.short ? [`-${o.short}`] : [])]);
  const wordCases = [...next].map(
    ([before, words]) => `    ${quote(before)}) printf '%s\\n' ${[...words.keys()].map(quote).join(" ")} ;;`,
  );
  const describedCases = [...next].map(
    ([before, words]) =>
      `    ${quote(before)}) printf '%s\\n' ${[...words].map(([w, s]) => quote(`${w.replace(/:/g, "\\:")}:${s}`)).join(" ")} ;;`,
  );
  const optionCases = commands
    .filter((c) => !c.hidden)
    .map((c) => {
      const flags = Object.keys({ ...c.options, ...GLOBAL_OPTIONS }).map((name) => `--${name}`);
      return `    ${quote(c.path.join(" "))}) printf '%s\\n' ${flags.map(quote).join(" ")} ;;`;
    });
  // By command and option: one option name may take fixed values in one command and free text in another (browse
  // --from beginning|end.., series --from 24h).
  const valueCases = commands
    .filter((c) => !c.hidden)
    .flatMap((c) =>
      Object.entries(c.options)
        .filter(([, o]) => o.values?.length)
        .map(
          ([name, o]) =>
            `    ${quote(`${c.path.join(" ")} --${name}`)}) printf '%s\\n' ${(o.values ?? []).map(quote).join(" ")} ;;`,
        ),
    );
  return [
    `_kcp_valued=${quote(` ${valued.join(" ")} `)}`,
    "# The words that may follow the command words in $1.",
    "_kcp_words() {",
    '  case "$1" in',
    ...wordCases,
    "  esac",
    "}",
    "# The same, as word:summary lines.",
    "_kcp_described() {",
    '  case "$1" in',
    ...describedCases,
    "  esac",
    "}",
    "# The options of the command named by $1.",
    "_kcp_options() {",
    '  case "$1" in',
    ...optionCases,
    "    *) printf '%s\\n' --json --url --context --help ;;",
    "  esac",
    "}",
    "# The values of an option, $1 the command's words and the option (none: a file name, or free text).",
    "_kcp_values() {",
    '  case "$1" in',
    ...valueCases,
    "  esac",
    "}",
  ].join("\n");
}

/**
 * The leading command words of the line, skipping options and their values: a word is a command word while it is one
 * of the words that may follow the ones before; the first that is not (a positional) ends them. Sets kcp_cmd and
 * kcp_done (1 when a positional ended them). Written once for both shells (their arrays index from 0 in bash, 1 in
 * zsh, so the caller passes the words).
 */
const COMMAND_WORDS = `_kcp_command_words() {
  kcp_cmd=""
  kcp_done=0
  local skip=0 w
  for w in "$@"; do
    if [ "$skip" = 1 ]; then skip=0; continue; fi
    case "$w" in
      -*) case "$_kcp_valued" in *" $w "*) skip=1 ;; esac; continue ;;
    esac
    if [ "$kcp_done" = 1 ]; then continue; fi
    if _kcp_words "$kcp_cmd" | grep -qxF -- "$w"; then
      kcp_cmd="\${kcp_cmd:+$kcp_cmd }$w"
    else
      kcp_done=1
    fi
  done
}`;

/** Pure: the bash completion script (`source <(kcp completion bash)`), from the command table. */
export function bashCompletion(commands: readonly CommandSpec[]): string {
  return `# kcp completion for bash: source <(kcp completion bash), or save it in your bash-completion folder.
# Generated from kcp's command table; regenerate it after updating kcp.
${tableFunctions(commands)}
${COMMAND_WORDS}
_kcp() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" values
  _kcp_command_words "\${COMP_WORDS[@]:1:COMP_CWORD-1}"
  case "$_kcp_valued" in
    *" $prev "*)
      values="$(_kcp_values "$kcp_cmd $prev")"
      if [ -n "$values" ]; then COMPREPLY=($(compgen -W "$values" -- "$cur")); else compopt -o default 2>/dev/null; COMPREPLY=(); fi
      return ;;
  esac
  case "$cur" in
    -*) COMPREPLY=($(compgen -W "$(_kcp_options "$kcp_cmd")" -- "$cur")); return ;;
  esac
  if [ "$kcp_done" = 0 ]; then COMPREPLY=($(compgen -W "$(_kcp_words "$kcp_cmd")" -- "$cur")); else COMPREPLY=(); fi
}
complete -F _kcp kcp
`;
}

/** Pure: the zsh completion script (`source <(kcp completion zsh)`, or saved as _kcp in $fpath), from the table. */
export function zshCompletion(commands: readonly CommandSpec[]): string {
  return `#compdef kcp
# kcp completion for zsh: source <(kcp completion zsh), or save it as _kcp in a folder of $fpath.
# Generated from kcp's command table; regenerate it after updating kcp.
${tableFunctions(commands)}
${COMMAND_WORDS}
_kcp() {
  local cur="\${words[CURRENT]}" prev="\${words[CURRENT-1]}" values
  local -a described
  _kcp_command_words "\${(@)words[2,CURRENT-1]}"
  case "$_kcp_valued" in
    *" $prev "*)
      values="$(_kcp_values "$kcp_cmd $prev")"
      if [[ -n "$values" ]]; then compadd -- \${(f)values}; else _files; fi
      return ;;
  esac
  if [[ "$cur" == -* ]]; then compadd -- \${(f)"$(_kcp_options "$kcp_cmd")"}; return; fi
  if [[ "$kcp_done" == 0 ]]; then
    described=(\${(f)"$(_kcp_described "$kcp_cmd")"})
    _describe 'command' described
  fi
}
if [[ "$funcstack[1]" == _kcp ]]; then _kcp "$@"; else compdef _kcp kcp; fi
`;
}
