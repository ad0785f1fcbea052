import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'uploads/**', 'node_modules/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'src/server is not importable from here.' }] },
      ],
    },
  },
  {
    files: ['src/server/**', 'tests/**', 'bench/**', 'scripts/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  prettier,
);
