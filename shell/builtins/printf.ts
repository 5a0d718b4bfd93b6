/**
 * `printf [-v VAR] FORMAT [ARGUMENTS]`: bash 5.2's printf.def, with glibc's printf(3) behind
 * each conversion. The work is done on byte strings (one character per byte, 0–255), as bash
 * works on bytes: widths and precisions count bytes, `\xHH` makes one byte. The result is
 * turned back into text at the end, each byte that is not part of valid UTF-8 as its escape
 * (shell/bytes.ts), so it is written out as the same byte.
 *
 * Numbers: integers are 64-bit (BigInt); floating point is x86's 80-bit long double, as bash's
 * floatmax_t is here: strtold's rounding and glibc's exact decimal output are done with BigInt.
 */
import { fromByteString, toByteString } from '../bytes';
import { escapeAt, expandEscapes } from '../syntax/escapes';
import { isUtf8Locale as isUtf8 } from '../expand/text';
import { isValidName, type ShellState } from '../interp/state';
import { localTime, strftime } from './strftime';
import type { Builtin } from '../interp/builtin-api';

const USAGE = 'printf [-v var] format [arguments]';
/** `-v 'a[i]'`: an array element. */
const ELEMENT = /^([A-Za-z_][A-Za-z0-9_]*)\[(.+)\]$/s;

export const printf: Builtin = async ({ argv, state, output, assignments }) => {
  const parsed = parseOptions(argv.slice(1));
  if ('invalid' in parsed || parsed.format === undefined) {
    const problem = 'invalid' in parsed ? `quirl: printf: ${parsed.invalid}: ${parsed.message}\n` : '';
    await output.err(`${problem}printf: usage: ${USAGE}\n`);
    return 2;
  }
  const element = parsed.variable === undefined ? null : ELEMENT.exec(parsed.variable);
  if (parsed.variable !== undefined && element === null && !isValidName(parsed.variable)) {
    await output.err(`quirl: printf: \`${parsed.variable}': not a valid identifier\n`);
    return 2;
  }
  const run = new PrintfRun(parsed.args.map(toByteString), state, timeZone(state, assignments));
  const status = run.execute(toByteString(parsed.format));
  if (run.messages.length > 0) await output.err(run.messages.map((message) => `quirl: printf: ${message}\n`).join(''));
  // A variable cannot hold a NUL: bash's value ends at the first one.
  const value = fromByteString(run.bytes.split('\0')[0] as string);
  if (element !== null) state.assignElement(element[1] as string, element[2] as string, value);
  else if (parsed.variable !== undefined) state.set(parsed.variable, value);
  else await output.out(fromByteString(run.bytes));
  return status;
};

type ParsedOptions = { variable?: string; format?: string; args: string[] } | { invalid: string; message: string };

/** bash's internal_getopt with "v:": `-v VAR`, `-vVAR`, `--`; any other option is an error. */
function parseOptions(words: readonly string[]): ParsedOptions {
  let variable: string | undefined;
  let index = 0;
  for (; index < words.length; index += 1) {
    const word = words[index] as string;
    if (word === '--') {
      index += 1;
      break;
    }
    if (!word.startsWith('-') || word === '-') break;
    if (!word.startsWith('-v')) return { invalid: word.slice(0, 2), message: 'invalid option' };
    variable = word.length > 2 ? word.slice(2) : words[++index];
    if (variable === undefined) return { invalid: '-v', message: 'option requires an argument' };
  }
  return { variable, format: words[index], args: words.slice(index + 1) };
}

/** TZ as bash's tzset sees it: a prefix assignment (`TZ=UTC printf ...`) or an exported TZ. */
function timeZone(state: ShellState, assignments: readonly (readonly [string, string])[]): string | undefined {
  const prefix = assignments.findLast(([name]) => name === 'TZ');
  if (prefix !== undefined) return prefix[1];
  return state.lookup('TZ')?.attributes.has('x') === true ? state.get('TZ') : undefined;
}

/** Whether the shell's locale is UTF-8 (LC_ALL, then LC_CTYPE, then LANG; unset is C). */
export function isUtf8Locale(state: ShellState): boolean {
  return isUtf8((name) => state.get(name));
}


// ---------------------------------------------------------------------------------------------
// The format loop.

interface Spec {
  /** The conversion as written, from `%` through the conversion letter. */
  readonly text: string;
  readonly flags: string;
  readonly width: number | undefined;
  readonly precision: number | undefined;
  readonly conversion: string;
}

const FLAG_CHARS = "#'-+ 0";
const LENGTH_MODIFIERS = 'hjlLtz';

/** The reason a run ends early: bash's PRETURN. */
class EndRun {
  constructor(readonly status: number) {}
}

class PrintfRun {
  bytes = '';
  readonly messages: string[] = [];
  private next = 0;
  private conversionError = false;
  /** Bytes written in this pass of the format (what %n reports). */
  private written = 0;
  private readonly utf8: boolean;

  constructor(
    private readonly args: readonly string[],
    private readonly state: ShellState,
    /** The TZ that `%(...)T` uses (undefined: the system's zone). */
    private readonly zone: string | undefined,
  ) {
    this.utf8 = isUtf8Locale(state);
  }

  /** The format once, then again while it uses arguments and some remain. */
  execute(format: string): number {
    try {
      do {
        this.written = 0;
        this.pass(format);
      } while (this.next > 0 && this.next < this.args.length);
      return this.conversionError ? 1 : 0;
    } catch (error) {
      if (error instanceof EndRun) return error.status;
      // Output past what a string can hold (a width of 2^30): bash would write it, Quirl cannot.
      if (error instanceof RangeError) {
        this.messages.push(`write error: ${error.message}`);
        return 1;
      }
      throw error;
    }
  }

  private emit(bytes: string): void {
    this.bytes += bytes;
    this.written += bytes.length;
  }

  private pass(format: string): void {
    for (let index = 0; index < format.length; index += 1) {
      const char = format[index] as string;
      if (char === '\\') {
        const escape = escapeAt(format, index + 1, 'format', this.utf8);
        if (escape.message !== undefined) this.messages.push(escape.message);
        this.emit(escape.bytes);
        index += escape.length;
      } else if (char !== '%') {
        this.emit(char);
      } else if (format[index + 1] === '%') {
        this.emit('%');
        index += 1;
      } else {
        index = this.conversion(format, index);
      }
    }
  }

  /** Reads the conversion at `start` (a `%`), prints it, and returns the index of its last byte. */
  private conversion(format: string, start: number): number {
    let index = start + 1;
    const take = (chars: string) => {
      const from = index;
      while (index < format.length && chars.includes(format[index] as string)) index += 1;
      return format.slice(from, index);
    };
    const flags = take(FLAG_CHARS);
    let width: number | undefined;
    if (format[index] === '*') {
      index += 1;
      width = this.intArgument();
    } else {
      width = numberOrUndefined(take('0123456789'));
    }
    let precision: number | undefined;
    if (format[index] === '.') {
      index += 1;
      if (format[index] === '*') {
        index += 1;
        precision = this.intArgument();
      } else {
        if (format[index] === '-') index += 1;
        precision = Number(take('0123456789'));
      }
    }
    take(LENGTH_MODIFIERS);
    if (format[index] === '(') return this.timeConversion(format, start, index, { flags, width, precision });
    const conversion = format[index];
    if (conversion === undefined) this.fail(`\`${format.slice(start)}': missing format character`);
    const spec = { text: format.slice(start, index + 1), flags, width, precision: precision !== undefined && precision < 0 ? undefined : precision, conversion };
    // printf(3) fails with EOVERFLOW past INT_MAX and bash prints nothing for the conversion.
    if (Math.abs(width ?? 0) > INT_MAX_NUMBER || (precision ?? 0) > INT_MAX_NUMBER) {
      const before = this.bytes.length;
      this.convert({ ...spec, width: undefined, precision: undefined });
      this.bytes = this.bytes.slice(0, before);
    } else {
      this.convert(spec);
    }
    return index;
  }

  /**
   * `%(FORMAT)T` with the `(` at `open`: the argument's time (seconds since the epoch; -1 or none
   * is now, -2 the shell's start) through strftime, printed as %s with the width and precision.
   * Returns the index of the `T`; a `%(` not closed by `)T` is printed as it is, with a warning.
   */
  private timeConversion(format: string, start: number, open: number, shape: Pick<Spec, 'flags' | 'width' | 'precision'>): number {
    let depth = 1;
    let index = open + 1;
    for (; index < format.length; index++) {
      if (format[index] === '(') depth++;
      else if (format[index] === ')' && --depth === 0) break;
    }
    if (format[index + 1] !== 'T') {
      this.messages.push(`warning: \`${format[index + 1] ?? '\0'}': invalid time format specification`);
      this.emit('%');
      return start;
    }
    const timeFormat = fromByteString(format.slice(open + 1, index));
    const argument = this.next < this.args.length ? Number(this.integerArgument(true)) : -1;
    const seconds = argument === -1 ? Date.now() / 1000 : argument === -2 ? performance.timeOrigin / 1000 : argument;
    const text = strftime(timeFormat === '' ? '%X' : timeFormat, localTime(Math.floor(seconds), this.zone));
    // bash formats into a buffer of 128 bytes: a longer result is nothing.
    const bytes = toByteString(text);
    const precision = shape.precision !== undefined && shape.precision < 0 ? undefined : shape.precision;
    this.emit(pad(clip(bytes.length >= TIME_BUFFER ? '' : bytes, precision), { ...shape, text: '', precision, conversion: 's' }));
    return index + 1;
  }

  private fail(message: string): never {
    this.messages.push(message);
    throw new EndRun(1);
  }

  private convert(spec: Spec): void {
    const conversion = spec.conversion;
    if (conversion === 's') this.emit(pad(clip(this.stringArgument(), spec.precision), spec));
    else if (conversion === 'c') this.emit(pad(this.stringArgument()[0] ?? '\0', spec));
    else if (conversion === 'b') this.emitExpanded(spec);
    else if (conversion === 'q') this.emit(pad(clip(toByteString(shellQuote(fromByteString(this.stringArgument()), this.utf8)), spec.precision), spec));
    else if (conversion === 'n') this.assignCount();
    else if ('di'.includes(conversion)) this.emit(formatInteger(this.integerArgument(true), spec));
    else if ('ouxX'.includes(conversion)) this.emit(formatInteger(this.integerArgument(false), spec));
    else if ('fFeEgGaA'.includes(conversion)) this.emit(formatFloat(this.floatArgument(), spec));
    else this.fail(`\`${conversion}': invalid format character`);
  }

  /** %b: the argument's escapes; `\c` ends all output, with status 0 (bash's retval). */
  private emitExpanded(spec: Spec): void {
    const expanded = expandEscapes(this.stringArgument(), 'argument', this.utf8);
    this.messages.push(...expanded.messages);
    this.emit(pad(clip(expanded.bytes, spec.precision), spec));
    if (expanded.stop) throw new EndRun(0);
  }

  private assignCount(): void {
    const name = this.stringArgument();
    if (name === '') return;
    if (!isValidName(name)) this.fail(`\`${fromByteString(name)}': not a valid identifier`);
    this.state.set(name, String(this.written));
  }

  private takeArgument(): string | undefined {
    const arg = this.args[this.next];
    if (arg !== undefined) this.next += 1;
    return arg;
  }

  private stringArgument(): string {
    return this.takeArgument() ?? '';
  }

  /** A `'c` or `"c` argument is the code of the character c (its first byte outside UTF-8). */
  private characterCode(arg: string): number {
    const rest = arg.slice(1);
    if (!this.utf8) return rest.charCodeAt(0) || 0;
    return fromByteString(rest).codePointAt(0) ?? 0;
  }

  private integerArgument(signed: boolean): bigint {
    const arg = this.takeArgument();
    if (arg === undefined) return 0n;
    if (arg.startsWith("'") || arg.startsWith('"')) return BigInt(this.characterCode(arg));
    const parsed = parseCInteger(arg, signed);
    this.checkNumber(arg, parsed.complete, parsed.outOfRange);
    return parsed.value;
  }

  /**
   * A `*` width or precision: an integer argument clamped to C's int. As in bash's getint, the
   * warning names the argument after it, and with none left the value is only truncated to int.
   */
  private intArgument(): number {
    const value = this.integerArgument(true);
    const following = this.args[this.next];
    if (following === undefined) return Number(BigInt.asIntN(32, value));
    const clamped = value > INT_MAX ? INT_MAX : value < -INT_MAX - 1n ? -INT_MAX - 1n : value;
    if (clamped !== value) this.messages.push(`warning: ${fromByteString(following)}: Numerical result out of range`);
    return Number(clamped);
  }

  private floatArgument(): ExtendedFloat {
    const arg = this.takeArgument();
    if (arg === undefined) return ZERO;
    if (arg.startsWith("'") || arg.startsWith('"')) return fromRational(BigInt(this.characterCode(arg)), 1n, false).value;
    const parsed = parseCFloat(arg);
    this.checkNumber(arg, parsed.complete, parsed.outOfRange);
    return parsed.value;
  }

  /** bash's sh_invalidnum and printf_erange: the value read so far is still printed. */
  private checkNumber(arg: string, complete: boolean, outOfRange: boolean): void {
    const shown = fromByteString(arg);
    if (!complete) {
      this.conversionError = true;
      const kind = /^0\d/.test(arg) ? 'octal number' : arg.startsWith('0x') ? 'hex number' : 'number';
      this.messages.push(`${shown}: invalid ${kind}`);
    } else if (outOfRange) {
      this.messages.push(`warning: ${shown}: Numerical result out of range`);
    }
  }
}

const INT_MAX = 2n ** 31n - 1n;
/** The size of bash's buffer for a `%(...)T` conversion's text. */
const TIME_BUFFER = 128;
const INT_MAX_NUMBER = Number(INT_MAX);

function numberOrUndefined(digits: string): number | undefined {
  return digits === '' ? undefined : Number(digits);
}

function clip(bytes: string, precision: number | undefined): string {
  return precision === undefined ? bytes : bytes.slice(0, precision);
}

/** Width padding with spaces; `-` pads on the right. */
function pad(body: string, spec: Spec): string {
  const width = Math.abs(spec.width ?? 0);
  if (body.length >= width) return body;
  const fill = ' '.repeat(width - body.length);
  return spec.flags.includes('-') || (spec.width ?? 0) < 0 ? body + fill : fill + body;
}

/** Sign, prefix and digits padded as C does: zeros go between the prefix and the digits. */
function padNumber(sign: string, prefix: string, digits: string, spec: Spec, zeroAllowed: boolean): string {
  const width = Math.abs(spec.width ?? 0);
  const leftJustify = spec.flags.includes('-') || (spec.width ?? 0) < 0;
  const used = sign.length + prefix.length + digits.length;
  if (zeroAllowed && spec.flags.includes('0') && !leftJustify && used < width) return sign + prefix + '0'.repeat(width - used) + digits;
  return pad(sign + prefix + digits, spec);
}

/** The sign C prints for a value: `-`, or `+` / space when those flags ask. */
function signOf(negative: boolean, flags: string): string {
  if (negative) return '-';
  if (flags.includes('+')) return '+';
  return flags.includes(' ') ? ' ' : '';
}

// ---------------------------------------------------------------------------------------------
// Integers: strtoimax / strtoumax with base 0, and printf's d i o u x X.

const UINT64 = 2n ** 64n;
const INT64_MAX = 2n ** 63n - 1n;

interface ParsedNumber<T> {
  readonly value: T;
  /** The whole argument was a number (else: the value of its leading part, and an error). */
  readonly complete: boolean;
  readonly outOfRange: boolean;
}

/** strtoimax/strtoumax(arg, &end, 0): leading white space, a sign, 0x hex, 0 octal, decimal. */
export function parseCInteger(arg: string, signed: boolean): ParsedNumber<bigint> {
  const head = /^[ \t\n\v\f\r]*([+-]?)(0[xX](?=[0-9a-fA-F]))?/.exec(arg) as RegExpExecArray;
  const rest = arg.slice(head[0].length);
  const radix = head[2] !== undefined ? '0x' : rest.startsWith('0') ? '0o' : '';
  const digits = { '0x': /^[0-9a-fA-F]+/, '0o': /^[0-7]+/, '': /^\d+/ }[radix].exec(rest)?.[0];
  if (digits === undefined) return { value: 0n, complete: arg === '', outOfRange: false };
  const magnitude = BigInt(radix + digits);
  const complete = head[0].length + digits.length === arg.length;
  const negative = head[1] === '-';
  if (signed) {
    const limit = negative ? INT64_MAX + 1n : INT64_MAX;
    const clamped = magnitude > limit ? limit : magnitude;
    return { value: negative ? -clamped : clamped, complete, outOfRange: magnitude > limit };
  }
  if (magnitude >= UINT64) return { value: UINT64 - 1n, complete, outOfRange: true };
  return { value: negative ? (UINT64 - magnitude) % UINT64 : magnitude, complete, outOfRange: false };
}

const RADIX: Readonly<Record<string, number>> = { d: 10, i: 10, u: 10, o: 8, x: 16, X: 16 };

function formatInteger(value: bigint, spec: Spec): string {
  const negative = value < 0n;
  let digits = (negative ? -value : value).toString(RADIX[spec.conversion]);
  if (spec.conversion === 'X') digits = digits.toUpperCase();
  if (spec.precision !== undefined) digits = value === 0n && spec.precision === 0 ? '' : digits.padStart(spec.precision, '0');
  const alternate = spec.flags.includes('#');
  if (alternate && spec.conversion === 'o' && !digits.startsWith('0')) digits = `0${digits}`;
  const prefix = alternate && value !== 0n && 'xX'.includes(spec.conversion) ? `0${spec.conversion}` : '';
  const sign = 'di'.includes(spec.conversion) ? signOf(negative, spec.flags) : '';
  return padNumber(sign, prefix, digits, spec, spec.precision === undefined);
}

// ---------------------------------------------------------------------------------------------
// Floating point: x86's 80-bit long double, value = mantissa × 2^exponent with a 64-bit
// mantissa (bit 63 set when normal; below the normal range the exponent stays at its least).

type ExtendedFloat =
  | { readonly kind: 'finite'; readonly negative: boolean; readonly mantissa: bigint; readonly exponent: number }
  | { readonly kind: 'inf' | 'nan'; readonly negative: boolean };

const ZERO: ExtendedFloat = { kind: 'finite', negative: false, mantissa: 0n, exponent: 0 };
const MIN_EXPONENT = -16445;
const MAX_EXPONENT = 16320;
const MANTISSA_TOP = 2n ** 63n;

const LOG10_2 = Math.log10(2);

function bitLength(value: bigint): number {
  return value === 0n ? 0 : value.toString(2).length;
}

/** numerator / denominator rounded to the nearest integer, ties to even. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const twice = 2n * (numerator % denominator);
  if (twice > denominator || (twice === denominator && quotient % 2n === 1n)) return quotient + 1n;
  return quotient;
}

/** A positive rational rounded to the nearest long double; outOfRange as strtold's ERANGE. */
function fromRational(numerator: bigint, denominator: bigint, negative: boolean): { value: ExtendedFloat; outOfRange: boolean } {
  if (numerator === 0n) return { value: { ...ZERO, negative }, outOfRange: false };
  const scaled = (shift: number): [bigint, bigint] => (shift >= 0 ? [numerator, denominator << BigInt(shift)] : [numerator << BigInt(-shift), denominator]);
  // The bit lengths put the quotient in [2^63, 2^65): at most one step up makes it 64 bits.
  let exponent = bitLength(numerator) - bitLength(denominator) - 64;
  const [top, bottom] = scaled(exponent);
  if (top / bottom >= UINT64) exponent += 1;
  exponent = Math.max(MIN_EXPONENT, exponent);
  const [n, d] = scaled(exponent);
  let mantissa = divideRounded(n, d);
  if (mantissa === UINT64) {
    mantissa = MANTISSA_TOP;
    exponent += 1;
  }
  if (exponent > MAX_EXPONENT) return { value: { kind: 'inf', negative }, outOfRange: true };
  const inexact = n % d !== 0n;
  return { value: { kind: 'finite', negative, mantissa, exponent }, outOfRange: mantissa < MANTISSA_TOP && inexact };
}

/** strtold(arg, &end): white space, sign, inf/infinity, nan[(...)], hex or decimal with exponent. */
function parseCFloat(arg: string): ParsedNumber<ExtendedFloat> {
  const head = /^[ \t\n\v\f\r]*([+-]?)/.exec(arg) as RegExpExecArray;
  const negative = head[1] === '-';
  const rest = arg.slice(head[0].length);
  const special = /^(?:(inf(?:inity)?)|nan(?:\([0-9A-Za-z_]*\))?)/i.exec(rest);
  if (special !== null) {
    const value: ExtendedFloat = { kind: special[1] !== undefined ? 'inf' : 'nan', negative };
    return { value, complete: head[0].length + special[0].length === arg.length, outOfRange: false };
  }
  const number = /^0[xX](?=\.?[0-9a-fA-F])([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?\d+))?/.exec(rest) ?? /^(?=\.?\d)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?/.exec(rest);
  if (number === null) return { value: ZERO, complete: arg === '', outOfRange: false };
  const [text, whole = '', fraction = '', power = '0'] = number as unknown as [string, string?, string?, string?];
  const isHex = /^0[xX]/.test(text);
  const digits = BigInt((isHex ? '0x' : '') + (whole + fraction || '0'));
  // Decimal exponents this far out are 0 or inf whatever the digits; capped so BigInt stays small.
  const exponent = Math.max(-40000, Math.min(40000, Number(power))) - fraction.length * (isHex ? 4 : 1);
  const base = isHex ? 2n : 10n;
  const [numerator, denominator] = exponent >= 0 ? [digits * base ** BigInt(exponent), 1n] : [digits, base ** BigInt(-exponent)];
  const { value, outOfRange } = fromRational(numerator, denominator, negative);
  return { value, complete: head[0].length + text.length === arg.length, outOfRange };
}

/** The value as an exact fraction. */
function asRational(value: { mantissa: bigint; exponent: number }): [bigint, bigint] {
  return value.exponent >= 0 ? [value.mantissa << BigInt(value.exponent), 1n] : [value.mantissa, 1n << BigInt(-value.exponent)];
}

/** Digits of value × 10^places, rounded (ties to even, as glibc on exact values). */
function scaledDigits([numerator, denominator]: [bigint, bigint], places: number): bigint {
  return places >= 0 ? divideRounded(numerator * 10n ** BigInt(places), denominator) : divideRounded(numerator, denominator * 10n ** BigInt(-places));
}

function fixed(rational: [bigint, bigint], precision: number, alternate: boolean): string {
  const digits = scaledDigits(rational, precision).toString().padStart(precision + 1, '0');
  const point = digits.length - precision;
  return digits.slice(0, point) + (precision > 0 || alternate ? '.' : '') + digits.slice(point);
}

/** d.ddd and the decimal exponent, rounded to `precision` places. */
function scientificParts(rational: [bigint, bigint], precision: number): { digits: string; exponent: number } {
  if (rational[0] === 0n) return { digits: '0'.repeat(precision + 1), exponent: 0 };
  let exponent = Math.floor((bitLength(rational[0]) - bitLength(rational[1])) * LOG10_2);
  // The estimate can be one off either way; settle it against the exact value.
  while (rational[0] * 10n ** BigInt(Math.max(0, -exponent)) < rational[1] * 10n ** BigInt(Math.max(0, exponent))) exponent -= 1;
  while (rational[0] * 10n ** BigInt(Math.max(0, -exponent - 1)) >= rational[1] * 10n ** BigInt(Math.max(0, exponent + 1))) exponent += 1;
  let digits = scaledDigits(rational, precision - exponent).toString();
  if (digits.length > precision + 1) {
    exponent += 1;
    digits = digits.slice(0, precision + 1);
  }
  return { digits, exponent };
}

function scientific(rational: [bigint, bigint], precision: number, alternate: boolean): string {
  const { digits, exponent } = scientificParts(rational, precision);
  const mantissa = digits[0] + (precision > 0 || alternate ? '.' : '') + digits.slice(1);
  return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
}

/** %g: %e or %f by the exponent, then trailing zeros dropped unless `#`. */
function general(rational: [bigint, bigint], precision: number, alternate: boolean): string {
  const significant = precision === 0 ? 1 : precision;
  const { exponent } = scientificParts(rational, significant - 1);
  const text = significant > exponent && exponent >= -4 ? fixed(rational, significant - 1 - exponent, alternate) : scientific(rational, significant - 1, alternate);
  if (alternate) return text;
  return text.replace(/(\.\d*?)0+(e|$)/, '$1$2').replace(/\.(e|$)/, '$1');
}

/** glibc's %a for long double: the mantissa's top nibble before the point, 15 nibbles after. */
function hexFloat(value: { mantissa: bigint; exponent: number }, precision: number | undefined, alternate: boolean): string {
  if (value.mantissa === 0n) return `0x0${precision ? `.${'0'.repeat(precision)}` : alternate ? '.' : ''}p+0`;
  let mantissa = value.mantissa;
  let exponent = value.exponent + 60;
  let nibbles = 15;
  if (precision !== undefined && precision < 15) {
    mantissa = divideRounded(mantissa, 16n ** BigInt(15 - precision));
    nibbles = precision;
    if (mantissa >= 16n ** BigInt(precision + 1)) {
      mantissa /= 16n;
      exponent += 4;
    }
  }
  const text = mantissa.toString(16).padStart(nibbles + 1, '0');
  let fraction = text.slice(1);
  if (precision === undefined) fraction = fraction.replace(/0+$/, '');
  else fraction = fraction.padEnd(precision, '0');
  const point = fraction !== '' || alternate ? '.' : '';
  return `0x${text[0]}${point}${fraction}p${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
}

function formatFloat(value: ExtendedFloat, spec: Spec): string {
  const upper = spec.conversion === spec.conversion.toUpperCase();
  const sign = signOf(value.negative, spec.flags);
  const finish = (body: string, zeroAllowed: boolean) => {
    const text = padNumber(sign, body.startsWith('0x') ? '0x' : '', body.startsWith('0x') ? body.slice(2) : body, spec, zeroAllowed);
    return upper ? text.toUpperCase() : text;
  };
  if (value.kind !== 'finite') return finish(value.kind, false);
  const alternate = spec.flags.includes('#');
  const rational = asRational(value);
  const precision = spec.precision ?? 6;
  switch (spec.conversion.toLowerCase()) {
    case 'f':
      return finish(fixed(rational, precision, alternate), true);
    case 'e':
      return finish(scientific(rational, precision, alternate), true);
    case 'g':
      return finish(general(rational, precision, alternate), true);
    default:
      return finish(hexFloat(value, spec.precision, alternate), true);
  }
}

// ---------------------------------------------------------------------------------------------
// %q: bash's quoting for reuse as shell input.

/** Characters sh_backslash_quote escapes anywhere (bash's bstab). */
const BACKSLASHED = new Set(' \t\n!"$&\'()*,;<>?[\\]^`{|}');

/** A character the locale cannot print: control, unassigned or a surrogate; in C, any non-ASCII byte. */
function isUnprintable(char: string, utf8: boolean): boolean {
  const code = char.codePointAt(0) as number;
  if (code < 0x20 || code === 0x7f) return true;
  if (code < 0x80) return false;
  return !utf8 || /[\p{Cc}\p{Cn}\p{Cs}]/u.test(char);
}

const ANSI_C_NAMES: Readonly<Record<string, string>> = {
  '\x1b': 'E',
  '\x07': 'a',
  '\v': 'v',
  '\b': 'b',
  '\f': 'f',
  '\n': 'n',
  '\r': 'r',
  '\t': 't',
  '\\': '\\',
  "'": "'",
};

/** `text`, as bash's printf %q writes it: '' for empty, $'...' if anything is unprintable, else backslashes. */
export function shellQuote(text: string, utf8: boolean): string {
  // Outside a UTF-8 locale each byte is a character of its own.
  const chars = utf8 ? [...text] : [...toByteString(text)];
  if (text === '') return "''";
  if (chars.some((char) => isUnprintable(char, utf8))) return `$'${chars.map((char) => ansiCQuoted(char, utf8)).join('')}'`;
  return chars.map((char, index) => (needsBackslash(char, chars[index - 1], index) ? `\\${char}` : char)).join('');
}

function needsBackslash(char: string, previous: string | undefined, index: number): boolean {
  if (BACKSLASHED.has(char)) return true;
  if (char === '#') return index === 0;
  return char === '~' && (previous === undefined || previous === ':' || previous === '=');
}

function ansiCQuoted(char: string, utf8: boolean): string {
  const name = ANSI_C_NAMES[char];
  if (name !== undefined) return `\\${name}`;
  if (!isUnprintable(char, utf8)) return char;
  const bytes = utf8 ? toByteString(char) : char;
  return [...bytes].map((byte) => `\\${byte.charCodeAt(0).toString(8).padStart(3, '0')}`).join('');
}
