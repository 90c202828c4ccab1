// ESLint for the TypeScript sources and tests (typescript-eslint's recommended rules); Prettier owns the
// layout (.prettierrc.json), so no stylistic rule is enabled here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      'node_modules/**',
      '.vscode-test/**',
      '.cache/**',
      'test-results/**',
      'test/fixtures/**',
      'test/golden/**',
      'examples/**',
      'src/core/skill/frontmatter-validator.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `let x = fallback; try { x = read() } catch { … }` is how this code reads files; the rule calls the
      // fallback useless whenever the catch returns.
      'no-useless-assignment': 'off',
      // `let [s, e] = …` where only `e` changes stays one declaration.
      'prefer-const': ['error', { destructuring: 'all' }],
    },
  },
  {
    files: ['**/*.ts'],
    rules: {
      // `_`-prefixed parameters and caught errors are deliberately unused.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Control characters are what several checks look for (ANSI escapes in probe output, C0 in names).
      'no-control-regex': 'off',
      // \`let x = fallback; try { x = read() } catch { … }\` is how this code reads files; the rule calls the
      // fallback useless whenever the catch returns.
      'no-useless-assignment': 'off',
    },
  },
  {
    // The extension loads the engine's modules on first use with require(), never at activation.
    files: ['src/extension/**/*.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        performance: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
