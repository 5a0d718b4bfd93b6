import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'native/build/', 'test-results/', 'bench-results/'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'Only extension/ may import vscode.' }] }],
    },
  },
  {
    files: ['extension/**/*.ts', 'test/integration/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // CommonJS files (node --require preloads) have only require() to import with.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
