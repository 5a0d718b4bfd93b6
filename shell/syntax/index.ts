/** The shell language front end: `parse` turns source text into the syntax tree of ./ast. */
export { parse, type ParseOptions } from './parser';
export type * from './ast';
