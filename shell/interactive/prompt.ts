/**
 * The prompt: PS1 with bash's backslash escapes, or by default the working directory (with ~ for
 * HOME) followed by `$ `, or `# ` for root.
 */
import { hostname, userInfo } from 'node:os';

export interface PromptFacts {
  readonly cwd: string;
  readonly home: string | undefined;
  readonly uid: number;
  readonly lastStatus: number;
}

export const DEFAULT_PS1 = '\\w\\$ ';
export const DEFAULT_PS2 = '> ';

/** The directory as the prompt shows it: HOME and what is under it start with ~. */
function tildeDirectory(cwd: string, home: string | undefined): string {
  if (home === undefined || home === '' || home === '/') return cwd;
  if (cwd === home) return '~';
  return cwd.startsWith(`${home}/`) ? `~${cwd.slice(home.length)}` : cwd;
}

function userName(): string {
  try {
    return userInfo().username;
  } catch {
    return String(process.getuid?.() ?? '');
  }
}

/**
 * Expands bash's prompt escapes: \w \W \u \h \H \$ \n \\ \? (last status), and \[ \] around
 * non-printing text (passed on as \x01 \x02 for the editor's width count).
 */
export function renderPrompt(template: string, facts: PromptFacts): string {
  return template.replace(/\\(.)/g, (whole, letter: string) => {
    switch (letter) {
      case 'w':
        return tildeDirectory(facts.cwd, facts.home);
      case 'W': {
        const shown = tildeDirectory(facts.cwd, facts.home);
        return shown === '/' || shown === '~' ? shown : (shown.split('/').pop() ?? shown);
      }
      case 'u':
        return userName();
      case 'h':
        return hostname().split('.')[0] ?? '';
      case 'H':
        return hostname();
      case '$':
        return facts.uid === 0 ? '#' : '$';
      case '?':
        return String(facts.lastStatus);
      case 'n':
        return '\n';
      case '\\':
        return '\\';
      case '[':
        return '\x01';
      case ']':
        return '\x02';
      default:
        return whole;
    }
  });
}
