import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'eval/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    // An attack round's fixture (built beside its suite, git-ignored) is a workspace under test, not gavel's tests.
    exclude: ['**/node_modules/**', 'eval/attack-rounds/*/fixture/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
