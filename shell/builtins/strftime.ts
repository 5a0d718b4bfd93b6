/**
 * printf's `%(FORMAT)T`: a time as glibc's localtime(3) and strftime(3) make it in the C locale.
 * The zone is TZ when the shell exports it (bash calls tzset only for an exported TZ), else the
 * system's: an IANA name (offsets from ICU, abbreviations from the zone's tzdata file where it is
 * installed) or a POSIX fixed-offset rule (`JST-9`, `<+0330>-3:30`).
 */
import { readFileSync } from 'node:fs';

/** The fields of struct tm that strftime reads. */
export interface BrokenDownTime {
  readonly epoch: number;
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** 0 is Sunday. */
  readonly weekday: number;
  /** 0–365. */
  readonly yearDay: number;
  /** Seconds east of UTC. */
  readonly offset: number;
  readonly zone: string;
}

/** Past this, localtime fails and bash shows the epoch instead (JavaScript's Date range, ±10^8 days). */
const MAX_EPOCH_SECONDS = 8.64e12;

/** The local time of `epoch` (seconds) in zone `tz` (undefined: the system's). */
export function localTime(epoch: number, tz: string | undefined): BrokenDownTime {
  const seconds = Math.abs(epoch) > MAX_EPOCH_SECONDS ? 0 : epoch;
  const fixed = tz === undefined ? undefined : fixedOffsetZone(tz);
  if (fixed !== undefined) return brokenDown(seconds, fixed.offset, fixed.zone);
  const name = tz?.replace(/^:/, '');
  let format: Intl.DateTimeFormat;
  try {
    format = zoneFormat(name === '' ? undefined : name);
  } catch {
    // glibc takes a zone it cannot read as UTC, keeping the name's letters as its abbreviation.
    return brokenDown(seconds, 0, /^[A-Za-z]*/.exec(name ?? '')?.[0] ?? 'UTC');
  }
  const fields = new Map(format.formatToParts(new Date(seconds * 1000)).map((part) => [part.type, part.value]));
  const field = (type: Intl.DateTimeFormatPartTypes): number => Number(fields.get(type) ?? 0);
  const wall = Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
  const offset = Math.round((wall - Math.floor(seconds) * 1000) / 1000);
  const zoneName = format.resolvedOptions().timeZone;
  return brokenDown(seconds, offset, zoneAbbreviation(zoneName, offset) ?? fields.get('timeZoneName') ?? 'UTC');
}

function zoneFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    timeZoneName: 'short',
  });
}

function brokenDown(epoch: number, offset: number, zone: string): BrokenDownTime {
  const local = new Date((Math.floor(epoch) + offset) * 1000);
  const year = local.getUTCFullYear();
  const yearDay = Math.floor((Date.UTC(year, local.getUTCMonth(), local.getUTCDate()) - Date.UTC(year, 0, 1)) / 86_400_000);
  return {
    epoch: Math.floor(epoch),
    year,
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    weekday: local.getUTCDay(),
    yearDay,
    offset,
    zone,
  };
}

/** A POSIX TZ rule without daylight saving (`UTC0`, `JST-9`, `<+0330>-3:30`): its offset east and name. */
function fixedOffsetZone(tz: string): { offset: number; zone: string } | undefined {
  const match = /^(?:<([A-Za-z0-9+-]+)>|([A-Za-z]{3,}))([+-]?)(\d{1,2})(?::(\d{1,2})(?::(\d{1,2}))?)?$/.exec(tz);
  if (match === null) return undefined;
  const west = Number(match[4]) * 3600 + Number(match[5] ?? 0) * 60 + Number(match[6] ?? 0);
  return { offset: match[3] === '-' ? west : -west, zone: match[1] ?? match[2] ?? '' };
}

/** The abbreviation tzdata gives `zone` at `offset` (its latest local time type with that offset). */
function zoneAbbreviation(zone: string, offset: number): string | undefined {
  let types = zoneTypes.get(zone);
  if (types === undefined) {
    types = readZoneTypes(zone);
    zoneTypes.set(zone, types);
  }
  return types.findLast((type) => type.offset === offset)?.abbreviation;
}

const zoneTypes = new Map<string, readonly { offset: number; abbreviation: string }[]>();

/**
 * The local time types of a TZif file (RFC 8536's version 1 block), in the order of their last
 * use by a transition (so the last with an offset is the abbreviation in use now); none where it
 * cannot be read.
 */
function readZoneTypes(zone: string): { offset: number; abbreviation: string }[] {
  if (zone.includes('..')) return [];
  let data: Buffer;
  try {
    data = readFileSync(`/usr/share/zoneinfo/${zone}`);
  } catch {
    return [];
  }
  if (data.length < 44 || data.toString('latin1', 0, 4) !== 'TZif') return [];
  const [isUtc, isStd, leaps, times, typeCount, chars] = [20, 24, 28, 32, 36, 40].map((at) => data.readUInt32BE(at)) as [number, number, number, number, number, number];
  const typesAt = 44 + times * 5;
  const charsAt = typesAt + typeCount * 6;
  if (charsAt + chars + leaps * 8 + isStd + isUtc > data.length) return [];
  const types: { offset: number; abbreviation: string }[] = [];
  for (let index = 0; index < typeCount; index++) {
    const at = typesAt + index * 6;
    const start = charsAt + (data[at + 5] as number);
    const end = data.indexOf(0, start);
    types.push({ offset: data.readInt32BE(at), abbreviation: data.toString('latin1', start, end < 0 ? charsAt + chars : end) });
  }
  const lastUse = new Map<number, number>();
  for (let transition = 0; transition < times; transition++) lastUse.set(data[44 + times * 4 + transition] as number, transition);
  return types.map((type, index) => ({ type, use: lastUse.get(index) ?? -1 })).sort((a, b) => a.use - b.use).map(({ type }) => type);
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Where %E and %O are allowed (glibc): elsewhere the conversion is printed as written. */
const E_CONVERSIONS = 'cCxXyY';
const O_CONVERSIONS = 'deHImMSuUVwWy';

/** strftime(3) in the C locale with glibc's flags (`_ - 0 ^ #`) and field widths. */
export function strftime(format: string, time: BrokenDownTime): string {
  let out = '';
  for (let index = 0; index < format.length; index++) {
    const char = format[index] as string;
    if (char !== '%') {
      out += char;
      continue;
    }
    const match = /^%([_0^#-]*)(\d*)([EO]?)(.?)/s.exec(format.slice(index)) as RegExpExecArray;
    const [text, flags = '', width = '', modifier = '', conversion = ''] = match;
    const allowed = modifier === '' || (modifier === 'E' ? E_CONVERSIONS : O_CONVERSIONS).includes(conversion);
    const field = allowed ? convert(conversion, time) : undefined;
    if (field === undefined) {
      out += text;
    } else {
      out += shaped(field, flags, width === '' ? undefined : Number(width));
    }
    index += text.length - 1;
  }
  return out;
}

/** A conversion's text, and how it pads by default: numbers with `0` (or ` `), words with spaces. */
interface Field {
  readonly text: string;
  readonly pad: '0' | ' ';
  readonly width: number;
  /** `#` swaps case for these (names), or lowers them (%Z, %p). */
  readonly swap?: 'case' | 'lower';
}

function word(text: string, swap?: Field['swap']): Field {
  return { text, pad: ' ', width: 0, swap };
}

/** The numeric conversions: value, default width, default padding. */
const NUMERIC: Readonly<Record<string, readonly [(t: BrokenDownTime) => number, number, '0' | ' ']>> = {
  C: [(t) => Math.floor(t.year / 100), 2, '0'],
  d: [(t) => t.day, 2, '0'],
  e: [(t) => t.day, 2, ' '],
  g: [(t) => twoDigitYear(isoWeek(t).year), 2, '0'],
  G: [(t) => isoWeek(t).year, 1, '0'],
  H: [(t) => t.hour, 2, '0'],
  I: [(t) => hour12(t), 2, '0'],
  j: [(t) => t.yearDay + 1, 3, '0'],
  k: [(t) => t.hour, 2, ' '],
  l: [(t) => hour12(t), 2, ' '],
  m: [(t) => t.month, 2, '0'],
  M: [(t) => t.minute, 2, '0'],
  s: [(t) => t.epoch, 1, '0'],
  S: [(t) => t.second, 2, '0'],
  u: [(t) => (t.weekday === 0 ? 7 : t.weekday), 1, '0'],
  U: [(t) => Math.floor((t.yearDay + 7 - t.weekday) / 7), 2, '0'],
  V: [(t) => isoWeek(t).week, 2, '0'],
  w: [(t) => t.weekday, 1, '0'],
  W: [(t) => Math.floor((t.yearDay + 7 - ((t.weekday + 6) % 7)) / 7), 2, '0'],
  y: [(t) => twoDigitYear(t.year), 2, '0'],
  Y: [(t) => t.year, 1, '0'],
};

/** The conversions that are words or other conversions put together (the C locale's %c, %x, %X, %r). */
const WORDS: Readonly<Record<string, (t: BrokenDownTime) => string>> = {
  a: (t) => (DAYS[t.weekday] as string).slice(0, 3),
  A: (t) => DAYS[t.weekday] as string,
  b: (t) => (MONTHS[t.month - 1] as string).slice(0, 3),
  B: (t) => MONTHS[t.month - 1] as string,
  c: (t) => `${WORDS.a?.(t)} ${WORDS.b?.(t)} ${String(t.day).padStart(2)} ${WORDS.T?.(t)} ${t.year}`,
  D: (t) => `${two(t.month)}/${two(t.day)}/${two(twoDigitYear(t.year))}`,
  F: (t) => `${t.year}-${two(t.month)}-${two(t.day)}`,
  n: () => '\n',
  P: (t) => (t.hour < 12 ? 'am' : 'pm'),
  r: (t) => `${two(hour12(t))}:${two(t.minute)}:${two(t.second)} ${t.hour < 12 ? 'AM' : 'PM'}`,
  R: (t) => `${two(t.hour)}:${two(t.minute)}`,
  t: () => '\t',
  T: (t) => `${two(t.hour)}:${two(t.minute)}:${two(t.second)}`,
  '%': () => '%',
};

/** Conversions that are others by another name. */
const SYNONYMS: Readonly<Record<string, string>> = { h: 'b', x: 'D', X: 'T' };

function convert(letter: string, t: BrokenDownTime): Field | undefined {
  const conversion = SYNONYMS[letter] ?? letter;
  const numeric = NUMERIC[conversion];
  if (numeric !== undefined) return { text: String(numeric[0](t)), width: numeric[1], pad: numeric[2] };
  if (conversion === 'z') {
    const minutes = Math.trunc(Math.abs(t.offset) / 60);
    return { text: `${t.offset < 0 ? '-' : '+'}${two(Math.floor(minutes / 60))}${two(minutes % 60)}`, pad: '0', width: 0 };
  }
  // `#` swaps the case of names, and lowers %Z and %p.
  if (conversion === 'Z') return word(t.zone, 'lower');
  if (conversion === 'p') return word(t.hour < 12 ? 'AM' : 'PM', 'lower');
  const text = WORDS[conversion]?.(t);
  return text === undefined ? undefined : word(text, 'aAbB'.includes(conversion) ? 'case' : undefined);
}

function two(value: number): string {
  return String(value).padStart(2, '0');
}

function twoDigitYear(year: number): number {
  return ((year % 100) + 100) % 100;
}

function hour12(t: BrokenDownTime): number {
  return t.hour % 12 === 0 ? 12 : t.hour % 12;
}

/** ISO 8601 week number and week-based year (%V, %G, %g). */
function isoWeek(t: BrokenDownTime): { week: number; year: number } {
  const isoWeekday = (t.weekday + 6) % 7;
  const thursday = t.yearDay - isoWeekday + 3;
  if (thursday < 0) {
    const previous = t.year - 1;
    const length = isLeap(previous) ? 366 : 365;
    return { week: Math.floor((thursday + length) / 7) + 1, year: previous };
  }
  const length = isLeap(t.year) ? 366 : 365;
  if (thursday >= length) return { week: 1, year: t.year + 1 };
  return { week: Math.floor(thursday / 7) + 1, year: t.year };
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** glibc's flags and width on one conversion's text. */
function shaped(field: Field, flags: string, width: number | undefined): string {
  let text = field.text;
  // `#` lowers %Z and %p whatever else is asked; otherwise `^` or `#` raise.
  if (flags.includes('#') && field.swap === 'lower') text = text.toLowerCase();
  else if (flags.includes('^') || (flags.includes('#') && field.swap === 'case')) text = text.toUpperCase();
  // The last of `_ 0 -` decides; `-` with a width still pads, with spaces (glibc).
  const last = [...flags].findLast((flag) => '_0-'.includes(flag));
  const pad = last === '_' ? ' ' : last === '0' ? '0' : last === '-' ? (width === undefined ? '' : ' ') : field.pad;
  const wanted = width ?? (pad === '' ? 0 : field.width);
  if (text.length >= wanted) return text;
  if (pad === '0') {
    const sign = text.startsWith('-') || text.startsWith('+') ? (text[0] as string) : '';
    return sign + '0'.repeat(wanted - text.length) + text.slice(sign.length);
  }
  return ' '.repeat(wanted - text.length) + text;
}
