// The bare-node reference for start-up and idle memory: readline drawing $PS1 and drawing it again
// after each line, on the same runtime as Quirl, doing nothing else.
'use strict';
// CommonJS, as Quirl's bundle is, so that both pay the same loader.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const readline = require('node:readline');

const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
rl.setPrompt(process.env.PS1 || '> ');
rl.on('line', (line) => {
  if (line === 'exit') rl.close();
  else rl.prompt();
});
rl.on('close', () => process.exit(0));
rl.prompt();
