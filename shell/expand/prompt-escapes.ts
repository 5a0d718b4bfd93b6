/**
 * A prompt's escapes, decoded as bash decodes PS1, PS2 and `${x@P}`: `\u \h \H \w \W \$ \t \T \@
 * \A \d \D{fmt} \j \! \# \n \r \a \e \s \v \V \\ \nnn`, and `\[ \]` around text that takes no
 * cells (passed on as \x01 \x02, which the line editor measures as nothing). With promptvars an
 * interactive shell expands the result afterwards (interp/prompt-expansion.ts), so what an
 * escape inserts (a directory named `$(x)`) is quoted against that expansion, as bash quotes it.
 */
import { hostname, userInfo } from 'node:os';
import { version } from '../../package.json';
import { canonicalText, fromByteString } from '../bytes';

/** What the escapes show, gathered once per prompt. */
export interface PromptFacts {
  readonly cwd: string;
  readonly home: string | undefined;
  readonly uid: number;
  /** Jobs the shell knows of (`\j`). */
  readonly jobs: number;
  /** The number the next command gets in the history (`\!`). */
  readonly historyNumber: number;
  /** The number of commands run so far, plus one (`\#`). */
  readonly commandNumber: number;
  /** `$0`, whose last part `\s` shows. */
  readonly shellName: string;
  readonly now: Date;
}

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

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function two(value: number): string {
  return String(value).padStart(2, '0');
}

/** The strftime conversions prompts use (`\D{%H:%M}`); bash's `\D{}` is `%X`. */
function formatTime(format: string, now: Date): string {
  const hours12 = now.getHours() % 12 === 0 ? 12 : now.getHours() % 12;
  return (format === '' ? '%X' : format).replace(/%(.)/g, (whole, letter: string) => {
    switch (letter) {
      case 'H':
        return two(now.getHours());
      case 'I':
        return two(hours12);
      case 'M':
        return two(now.getMinutes());
      case 'S':
        return two(now.getSeconds());
      case 'p':
        return now.getHours() < 12 ? 'AM' : 'PM';
      case 'X':
      case 'T':
        return `${two(now.getHours())}:${two(now.getMinutes())}:${two(now.getSeconds())}`;
      case 'R':
        return `${two(now.getHours())}:${two(now.getMinutes())}`;
      case 'a':
        return DAYS[now.getDay()] ?? '';
      case 'b':
        return MONTHS[now.getMonth()] ?? '';
      case 'd':
        return two(now.getDate());
      case 'e':
        return String(now.getDate()).padStart(2, ' ');
      case 'm':
        return two(now.getMonth() + 1);
      case 'y':
        return two(now.getFullYear() % 100);
      case 'Y':
        return String(now.getFullYear());
      case 'Z':
        return new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(now).find((part) => part.type === 'timeZoneName')?.value ?? '';
      case '%':
        return '%';
      default:
        return whole;
    }
  });
}

/** Where text an escape inserts would be read by the expansion after: `$`, backquote and backslash. */
function quoted(text: string): string {
  return text.replace(/[$`\\]/g, '\\$&');
}

// An unterminated `\D{` takes the rest of the prompt as its format, as bash's does.
const ESCAPE = /\\(?:([0-7]{3})|D\{([^}]*)\}?|([\s\S]))/g;

export interface DecodeOptions {
  /** promptvars: the text escapes insert is quoted for the expansion that follows, and `\"` is a plain `"` (bash expands a prompt as in double quotes, where a lone `"` is literal). */
  readonly forExpansion: boolean;
  /** `\[ \]` become the editor's \x01 \x02 markers; without, they go (`${x@P}`, as bash). */
  readonly markers: boolean;
}

/** Decodes the escapes of `template`. */
export function decodePrompt(template: string, facts: PromptFacts, { forExpansion, markers }: DecodeOptions): string {
  const shown = (text: string): string => (forExpansion ? quoted(text) : text);
  // `\NNN` makes a byte: side by side, such bytes may spell a character (`\303\251` is é). A NUL
  // (\000, or \400 past a byte) is dropped: bash's prompt is a C string.
  return canonicalText(template.replace(ESCAPE, (whole, octal: string | undefined, format: string | undefined, letter: string | undefined) => {
    if (octal !== undefined) {
      const byte = parseInt(octal, 8) & 0xff;
      return byte === 0 ? '' : shown(fromByteString(String.fromCharCode(byte)));
    }
    if (format !== undefined) return shown(formatTime(format, facts.now));
    switch (letter) {
      case 'w':
        return shown(tildeDirectory(facts.cwd, facts.home));
      case 'W': {
        const directory = tildeDirectory(facts.cwd, facts.home);
        return shown(directory === '/' || directory === '~' ? directory : directory.slice(directory.lastIndexOf('/') + 1));
      }
      case 'u':
        return shown(userName());
      case 'h':
        return shown(hostname().split('.')[0] ?? '');
      case 'H':
        return shown(hostname());
      case '$':
        return facts.uid === 0 ? '#' : shown('$');
      case 't':
        return formatTime('%H:%M:%S', facts.now);
      case 'T':
        return formatTime('%I:%M:%S', facts.now);
      case '@':
        return formatTime('%I:%M %p', facts.now);
      case 'A':
        return formatTime('%H:%M', facts.now);
      case 'd':
        return formatTime('%a %b %d', facts.now);
      case 'j':
        return String(facts.jobs);
      case '!':
        return String(facts.historyNumber);
      case '#':
        return String(facts.commandNumber);
      case 's':
        return shown(facts.shellName.slice(facts.shellName.lastIndexOf('/') + 1).replace(/^-/, ''));
      case 'v':
        return version.split('.').slice(0, 2).join('.');
      case 'V':
        return version;
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 'a':
        return '\x07';
      case 'e':
        return '\x1b';
      case '\\':
        return shown('\\');
      case '[':
        return markers ? '\x01' : '';
      case ']':
        return markers ? '\x02' : '';
      case '"':
        return forExpansion ? '"' : whole;
      default:
        return whole;
    }
  }));
}
