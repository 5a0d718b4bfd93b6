/** The shell language front end: `parse` turns source text into the syntax tree of ./ast. */
export { parse, parseCommands, type ParseOptions } from './parser';
export type * from './ast';
