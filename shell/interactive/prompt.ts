/** The prompts an interactive shell starts with: the directory (~ for HOME) and `$ ` (`# ` for root), and bash's PS2. */
export const DEFAULT_PS1 = '\\w\\$ ';
export const DEFAULT_PS2 = '> ';
