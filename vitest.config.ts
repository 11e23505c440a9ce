import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// The server, shared, script and docs tests import the whole server (≈ 6 s a file here) and change no
// module state (no vi.mock, no stubs, no env writes; fake clocks are put back), so one worker runs file
// after file on one module graph: `isolate: false` (issue 29).
// The client tests do the same, except those that replace a module or a global (vi.mock and its kin) or
// read a module's state before anything else touched it (marked `@vitest-isolate`): those keep a fresh
// module graph each. Importing antd and Formily afresh was ≈ 70 % of the client tests' time (103 s against
// 33 s here for the 75 files, issue 29).
const shared = { testTimeout: 30000, hookTimeout: 60000 };
const clientSetup = ['tests/client/helpers/testing-library-setup.ts'];
const NEEDS_OWN_MODULES = /\bvi\.(mock|doMock|unmock|resetModules|stubGlobal|stubEnv)\b|@vitest-isolate/;
const clientFiles = readdirSync(new URL('tests/client', import.meta.url), { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.test\.tsx?$/.test(name))
  .map((name) => `tests/client/${name.replaceAll('\\', '/')}`);
const isolatedClientFiles = clientFiles.filter((file) => NEEDS_OWN_MODULES.test(readFileSync(new URL(file, import.meta.url), 'utf8')));

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          exclude: isolatedClientFiles,
          isolate: false,
          setupFiles: clientSetup,
        },
      },
      {
        test: { ...shared, name: 'client-isolated', include: isolatedClientFiles, setupFiles: clientSetup },
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
