/**
 * The line editor's key bindings as `bind` changes them: each key runs an editing command or
 * (`bind -x`) a shell command, starting from the Emacs keymap; and the few readline variables
 * the editor honours (`bind 'set bell-style none'`).
 */
import { chordBytes } from './keyseq';
import { EMACS_KEYMAP, type EditCommand } from './keymap';
import type { Chord } from './keys';

export type Binding = { readonly kind: 'command'; readonly command: EditCommand } | { readonly kind: 'shell'; readonly command: string };

/** The readline variables the editor honours. */
export interface EditorSettings {
  /** `none`: Tab with nothing to do stays silent. */
  bellStyle: 'audible' | 'none';
  /** The first Tab lists an ambiguous completion at once. */
  showAllIfAmbiguous: boolean;
  /** Completion matches names whatever their case. */
  completionIgnoreCase: boolean;
}

/** One readline variable: its value as `bind -v` prints it, and how `set NAME VALUE` changes it (a reason when it cannot). */
interface Variable {
  readonly name: string;
  readonly show: (settings: EditorSettings) => string;
  readonly set: (settings: EditorSettings, value: string) => string | undefined;
}

/** readline's boolean values: on, 1 or nothing is on; anything else off. */
function isOn(value: string): boolean {
  return value === '' || value === '1' || value.toLowerCase() === 'on';
}

function booleanVariable(name: string, field: 'showAllIfAmbiguous' | 'completionIgnoreCase'): Variable {
  return {
    name,
    show: (settings) => (settings[field] ? 'on' : 'off'),
    set: (settings, value) => {
      settings[field] = isOn(value);
      return undefined;
    },
  };
}

/** In `bind -v` order: readline lists its booleans, then the rest. */
export const VARIABLES: readonly Variable[] = [
  booleanVariable('completion-ignore-case', 'completionIgnoreCase'),
  booleanVariable('show-all-if-ambiguous', 'showAllIfAmbiguous'),
  {
    name: 'bell-style',
    show: (settings) => settings.bellStyle,
    set: (settings, value) => {
      const style = value.toLowerCase();
      if (style === 'none' || style === 'audible') settings.bellStyle = style;
      else if (style === 'visible') return 'a visible bell is not supported by Quirl\'s line editor (use none or audible)';
      // readline takes any other word as audible.
      else settings.bellStyle = 'audible';
      return undefined;
    },
  },
];

export class KeyBindings {
  private readonly keys = new Map<Chord, Binding>();
  readonly settings: EditorSettings = { bellStyle: 'audible', showAllIfAmbiguous: false, completionIgnoreCase: false };

  constructor() {
    for (const [chord, command] of EMACS_KEYMAP) this.keys.set(chord, { kind: 'command', command });
  }

  get(chord: Chord): Binding | undefined {
    return this.keys.get(chord);
  }

  set(chord: Chord, binding: Binding): void {
    this.keys.set(chord, binding);
  }

  /** `bind -r`: the key does nothing from now on. */
  remove(chord: Chord): void {
    this.keys.delete(chord);
  }

  /** `bind -u`: no key runs `command` any more. */
  removeCommand(command: EditCommand): void {
    for (const chord of this.keysOf(command)) this.keys.delete(chord);
  }

  /** The keys bound to `command`, in readline's order (by the bytes they send). */
  keysOf(command: EditCommand): Chord[] {
    return this.sorted().flatMap(([chord, binding]) => (binding.kind === 'command' && binding.command === command ? [chord] : []));
  }

  /** `bind -X`: the keys bound to shell commands, in the same order. */
  shellBindings(): [Chord, string][] {
    return this.sorted().flatMap(([chord, binding]): [Chord, string][] => (binding.kind === 'shell' ? [[chord, binding.command]] : []));
  }

  private sorted(): [Chord, Binding][] {
    return [...this.keys].map(([chord, binding]) => ({ chord, binding, bytes: chordBytes(chord) })).sort((a, b) => (a.bytes < b.bytes ? -1 : a.bytes > b.bytes ? 1 : 0)).map(({ chord, binding }) => [chord, binding]);
  }
}
