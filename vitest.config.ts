import { defineConfig } from 'vitest/config';

// The server, shared, script and docs tests import the whole server (≈ 6 s a file here) and change no
// module state (no vi.mock, no stubs, no env writes; fake clocks are put back), so one worker runs file
// after file on one module graph: `isolate: false` (issue 29). The client tests render React with jsdom
// and keep a fresh module graph each.
const shared = { testTimeout: 30000, hookTimeout: 60000 };

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: { ...shared, name: 'client', include: ['tests/client/**/*.test.{ts,tsx}'] },
      },
      {
        test: {
          ...shared,
          name: 'node',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', 'tests/client/**', 'node_modules/**'],
          isolate: false,
        },
      },
    ],
  },
});
