import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * `npm run lint` (part of `npm test`): ESLint's and typescript-eslint's recommended rules, and the
 * rules of hooks that Remix's own template sets (docs/decisions/270). Clean: a warning fails too
 * (`--max-warnings 0`).
 */
export default tseslint.config(
  { ignores: ['build/**', 'public/build/**', '.cache/**', 'node_modules/**', 'data/**', 'tests/.artifacts/**', 'test-results/**', 'screenshots/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Unused arguments named _x are kept on purpose (a handler's signature, a skipped tuple entry).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The web's React code; tests name their helpers use… (useStandInApi, Playwright's `use`) without being hooks.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
