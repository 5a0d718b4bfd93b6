/**
 * The shell's options: `set`'s (`-e`, `-o pipefail`...) and `shopt`'s (`nullglob`...), one set
 * per shell context (a subshell works on a copy), and their listings in the forms bash prints,
 * which the shell reads back.
 */
import type { ExpansionOptions } from '../expand/types';
import { FLAG_ORDER, optionOfLetter, SET_OPTIONS, type OptionChange, type SetOptionName } from './option-names';

/**
 * `shopt` names, in bash's listing order, with bash's defaults. Quirl honours the glob options
 * (extglob among them), `nocasematch`, `expand_aliases`, `inherit_errexit`, `lastpipe` and `varredir_close`;
 * the rest are kept as set, so that a bash rc file's `shopt -s checkwinsize` works.
 */
const SHOPT_DEFAULTS: readonly (readonly [string, boolean])[] = [
  ['autocd', false],
  ['assoc_expand_once', false],
  ['cdable_vars', false],
  ['cdspell', false],
  ['checkhash', false],
  ['checkjobs', false],
  ['checkwinsize', true],
  ['cmdhist', true],
  ['compat31', false],
  ['compat32', false],
  ['compat40', false],
  ['compat41', false],
  ['compat42', false],
  ['compat43', false],
  ['compat44', false],
  ['complete_fullquote', true],
  ['direxpand', false],
  ['dirspell', false],
  ['dotglob', false],
  ['execfail', false],
  ['expand_aliases', false],
  ['extdebug', false],
  ['extglob', false],
  ['extquote', true],
  ['failglob', false],
  ['force_fignore', true],
  ['globasciiranges', true],
  ['globskipdots', true],
  ['globstar', false],
  ['gnu_errfmt', false],
  ['histappend', false],
  ['histreedit', false],
  ['histverify', false],
  ['hostcomplete', true],
  ['huponexit', false],
  ['inherit_errexit', false],
  ['interactive_comments', true],
  ['lastpipe', false],
  ['lithist', false],
  ['localvar_inherit', false],
  ['localvar_unset', false],
  ['login_shell', false],
  ['mailwarn', false],
  ['no_empty_cmd_completion', false],
  ['nocaseglob', false],
  ['nocasematch', false],
  ['noexpand_translation', false],
  ['nullglob', false],
  ['patsub_replacement', true],
  ['progcomp', true],
  ['progcomp_alias', false],
  ['promptvars', true],
  ['restricted_shell', false],
  ['shift_verbose', false],
  ['sourcepath', true],
  ['varredir_close', false],
  ['xpg_echo', false],
];

const SHOPT_NAMES: ReadonlySet<string> = new Set(SHOPT_DEFAULTS.map(([name]) => name));
const SET_DEFAULTS: ReadonlySet<SetOptionName> = new Set(['braceexpand', 'hashall', 'interactive-comments']);

export function isShoptName(name: string): boolean {
  return SHOPT_NAMES.has(name);
}

/** Where the shell reads its commands, as `$-` shows it last: `c` for a `-c` string, `s` for stdin. */
export type CommandSource = 'c' | 's' | '';

/** A name and its state as `set -o` and `shopt` list them (bash pads names to 15). */
function listed(name: string, on: boolean): string {
  return `${name.padEnd(15)}\t${on ? 'on' : 'off'}\n`;
}

export class ShellOptions {
  private readonly set: Set<SetOptionName>;
  private readonly shopt: Set<string>;
  /** Set once at start-up by whoever reads the command line. */
  source: CommandSource = '';
  /** expansion()'s answer until an option changes: it is asked for every command. */
  private forExpansion: ExpansionOptions | undefined;

  constructor(set?: Iterable<SetOptionName>, shopt?: Iterable<string>) {
    this.set = new Set(set ?? SET_DEFAULTS);
    this.shopt = new Set(shopt ?? SHOPT_DEFAULTS.filter(([, on]) => on).map(([name]) => name));
  }

  clone(): ShellOptions {
    const copy = new ShellOptions(this.set, this.shopt);
    copy.source = this.source;
    return copy;
  }

  has(name: SetOptionName): boolean {
    return this.set.has(name);
  }

  /** The `set` options on now (for `local -` to put back). */
  setOptions(): ReadonlySet<SetOptionName> {
    return new Set(this.set);
  }

  /** The `set` options are `options` again; shopt's stay as they are. */
  restoreSetOptions(options: ReadonlySet<SetOptionName>): void {
    this.forExpansion = undefined;
    this.set.clear();
    for (const name of options) this.set.add(name);
  }

  apply({ name, on }: OptionChange): void {
    this.forExpansion = undefined;
    if (on) this.set.add(name);
    else this.set.delete(name);
    // The editing modes exclude each other (bash).
    if (on && name === 'vi') this.set.delete('emacs');
    if (on && name === 'emacs') this.set.delete('vi');
  }

  shopted(name: string): boolean {
    return this.shopt.has(name);
  }

  setShopt(name: string, on: boolean): void {
    if (!SHOPT_NAMES.has(name)) throw new Error(`${name}: not a shopt name`);
    this.forExpansion = undefined;
    if (on) this.shopt.add(name);
    else this.shopt.delete(name);
  }

  /** `$-`: the letters of the options on, in bash's order, then how the shell reads commands. */
  flags(interactive: boolean): string {
    let letters = '';
    for (const letter of FLAG_ORDER) {
      if (letter === 'i' ? interactive : this.set.has(letterName(letter))) letters += letter;
    }
    return letters + this.source;
  }

  /** What word expansion needs to know of the options. */
  expansion(): ExpansionOptions {
    return (this.forExpansion ??= {
      nounset: this.set.has('nounset'),
      noglob: this.set.has('noglob'),
      nullglob: this.shopt.has('nullglob'),
      failglob: this.shopt.has('failglob'),
      dotglob: this.shopt.has('dotglob'),
      nocaseglob: this.shopt.has('nocaseglob'),
      globstar: this.shopt.has('globstar'),
      extglob: this.shopt.has('extglob'),
      nocasematch: this.shopt.has('nocasematch'),
      noclobber: this.set.has('noclobber'),
    });
  }

  /** SHELLOPTS: the `set -o` options on, colon-separated, in name order. */
  shellopts(): string {
    return SET_OPTIONS.filter(({ name }) => this.set.has(name))
      .map(({ name }) => name)
      .join(':');
  }

  /** BASHOPTS: the `shopt` options on, colon-separated, in shopt's order. */
  bashopts(): string {
    return SHOPT_DEFAULTS.filter(([name]) => this.shopt.has(name))
      .map(([name]) => name)
      .join(':');
  }

  /** `set -o`: every option and whether it is on. */
  listing(): string {
    return SET_OPTIONS.map(({ name }) => listed(name, this.set.has(name))).join('');
  }

  /** `set +o`: the commands that restore the options as they are. */
  commands(names: readonly SetOptionName[] = SET_OPTIONS.map(({ name }) => name)): string {
    return names.map((name) => `set ${this.set.has(name) ? '-' : '+'}o ${name}\n`).join('');
  }

  /** `shopt` names, all of them or those asked, in bash's order. */
  static shoptNames(): string[] {
    return SHOPT_DEFAULTS.map(([name]) => name);
  }

  /** A `shopt` line: listed, or as the command that restores it (`-p`). */
  static shoptLine(name: string, on: boolean, asCommand: boolean): string {
    return asCommand ? `shopt ${on ? '-s' : '-u'} ${name}\n` : listed(name, on);
  }

  /** A `set -o` option's line for `shopt -o`: listed, or as the command that restores it. */
  static setLine(name: SetOptionName, on: boolean, asCommand: boolean): string {
    return asCommand ? `set ${on ? '-' : '+'}o ${name}\n` : listed(name, on);
  }
}

function letterName(letter: string): SetOptionName {
  const name = optionOfLetter(letter);
  if (name === undefined) throw new Error(`no option has the letter ${letter}`);
  return name;
}
