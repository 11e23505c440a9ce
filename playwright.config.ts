import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { defineConfig } from '@playwright/test';
import { docActivityExample } from './tests/fixtures/doc-activity-example';
import { longActivityFixture } from './tests/fixtures/long-activity';
import { shiftActivityWindows } from './tests/fixtures/shift-activity-windows';

/**
 * End-to-end tests against the real app: the built client served by the real server on a fresh
 * embedded database, in the system Chromium. Standalone: it builds and starts everything itself.
 */
const PORT = 3100;
const BASE_URL = `http://127.0.0.1:${PORT}`;
// A second server reads a copy of the schemas with one property added, as a content administrator would.
const EXTENDED_PORT = 3101;
const EXTENDED_URL = `http://127.0.0.1:${EXTENDED_PORT}`;
// With two lanes (E2E_WORKERS=2), a third server, the same as the first on a database of its own, takes a
// share of the portal's specs so that two run at once without meeting in one database (or in one login
// rate limit: 10 a minute per IP). With one lane those specs run on the first server, and the third
// server is not started: its start costs ~25 s of CPU and it would idle for the rest of the run.
const WORKERS = Number(process.env['E2E_WORKERS'] ?? 1);
const TWO_LANES = WORKERS > 1;
const SECOND_PORT = 3102;
const SECOND_URL = `http://127.0.0.1:${SECOND_PORT}`;

const EXTENSION_SPECS =
  /(schema-extension|content-admin-activity|resource-fixture|long-form|schema-studio|studio-designer|studio-new-activity|studio-dictionary|studio-new-record-type|studio-shared-workflow)\.spec\.ts$/;
// Specs that need nothing another spec made; session-rules.spec.ts names port 3100 and stays on the first.
const SECOND_SPECS =
  /(activity-leave-guard|incubation|integrity-menu|operation-log|portal-routes|privacy-policy|questions|search|unmask-personal-numbers|layout-shell|message-board)\.spec\.ts$/;

// The config is evaluated again in every worker; the env var keeps one data directory per run.
process.env['E2E_DATA_DIR'] ??= `.tmp/e2e-data-${Date.now()}`;
const dataDir = process.env['E2E_DATA_DIR'];
// PGlite does not create parent directories (STACK.md trap 13).
mkdirSync('.tmp', { recursive: true });

// Both servers read a copy of the schemas whose activity windows are moved around today, so the suite
// runs the same on any date (the seeded competition closes 2026-12-31) while the browser and the
// servers keep the real clock.
if (!process.env['E2E_SCHEMAS_DIR']) {
  const schemasDir = `.tmp/e2e-schemas-main-${Date.now()}`;
  cpSync('schemas', schemasDir, { recursive: true });
  shiftActivityWindows(schemasDir, new Date());
  process.env['E2E_SCHEMAS_DIR'] = schemasDir;
}
const mainSchemasDir = process.env['E2E_SCHEMAS_DIR'];

if (!process.env['E2E_EXTENDED_SCHEMAS_DIR']) {
  const schemasDir = `.tmp/e2e-schemas-${Date.now()}`;
  cpSync('schemas', schemasDir, { recursive: true });
  const file = `${schemasDir}/forms/message.schema.json`;
  const schema = JSON.parse(readFileSync(file, 'utf8')) as { properties: Record<string, unknown> };
  schema.properties['company'] = { type: 'string', title: '单位名称', maxLength: 40, 'x-order': 3.5 };
  writeFileSync(file, JSON.stringify(schema, null, 2));
  // …drops in the fixture resource folder (not a product one), as a content administrator would…
  cpSync('tests/fixtures/resources', `${schemasDir}/resources`, { recursive: true });
  // …and adds the authoring guide's example activity folder, exactly as the guide prints it.
  // …and a long statistics return, which the engine mounts block by block (issue 16).
  for (const [name, value] of [...docActivityExample(), ...longActivityFixture()]) {
    mkdirSync(dirname(`${schemasDir}/${name}`), { recursive: true });
    writeFileSync(`${schemasDir}/${name}`, JSON.stringify(value, null, 2));
  }
  // …and a small activity of its own for the schema studio to edit (issue 17), as tiny-grant is written.
  mkdirSync(`${schemasDir}/activities/studio-grant`, { recursive: true });
  for (const name of readdirSync('tests/fixtures/activities/tiny-grant')) {
    writeFileSync(
      `${schemasDir}/activities/studio-grant/${name}`,
      readFileSync(`tests/fixtures/activities/tiny-grant/${name}`, 'utf8')
        .replaceAll('tiny-grant', 'studio-grant')
        .replace('小微创新券申领', '表单设计演练活动'),
    );
  }
  shiftActivityWindows(schemasDir, new Date());
  process.env['E2E_EXTENDED_SCHEMAS_DIR'] = schemasDir;
}
const extendedSchemasDir = process.env['E2E_EXTENDED_SCHEMAS_DIR'];

// Demo accounts exist only on the embedded database, so a DATABASE_URL meant for the API tests
// must not reach this server.
const inherited = Object.fromEntries(
  Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[0] !== 'DATABASE_URL'),
);

// The full test script builds the client once before; E2E_SKIP_BUILD=1 avoids building it twice.
// It runs under the server's NODE_ENV=test on purpose: vite.config.ts must still give React's production
// build (issue 16), and the spec "the client is React's production build" checks that it does.
const build = process.env['E2E_SKIP_BUILD'] === '1' ? '' : 'npx vite build && ';

// The servers after the first wait for the first server's build, if it makes one.
const afterBuild = `${build ? `npx tsx scripts/wait-for-url.ts ${BASE_URL}/api/health && ` : ''}npx tsx src/server/server.ts`;

/** One portal server for the e2e specs: the real server on loopback, its own data folder, a copy of the schemas. */
function portalServer(server: { command: string; port: number; timeout: number; dataDir: string; schemasDir: string }) {
  return {
    command: server.command,
    url: `http://127.0.0.1:${server.port}/api/health`,
    reuseExistingServer: false,
    timeout: server.timeout,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      ...inherited,
      NODE_ENV: 'test',
      CAPTCHA_FIXED: 'e2e-captcha',
      PORT: String(server.port),
      HOST: '127.0.0.1',
      DATA_DIR: server.dataDir,
      SCHEMAS_DIR: server.schemasDir,
      // Every spec's browser is one visitor on 127.0.0.1: the whole suite's reads would meet the 600-a-minute budget (R28).
      ANONYMOUS_READS_PER_MINUTE: '1000000',
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.tmp/e2e-results',
  // Each project has its own server and database and runs its spec files one after another; two
  // projects run side by side, one worker each, so no two specs ever share a database at once.
  // One spec at a time by default. E2E_WORKERS=2 runs two projects at once, each on its own server and
  // database; in issue 29's full run on this 2-core machine that timed out nine specs (forms still
  // mounting after 10 s), so it stays opt-in.
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env['CI'],
  reporter: [['list']],
  globalTeardown: './tests/e2e/global-teardown.ts',
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1280, height: 800 },
    // As a person who asked their system for less motion: antd then draws no fades and zooms (the app follows
    // the setting, WCAG 2.3.3), which took ≈ 20 % of the browser's CPU and waits (issue 29). The shell's specs
    // (layout-shell) and one of the navigation's run animated, as most people see the portal.
    reducedMotion: 'reduce',
    // A failed test's retry (npm run test:all retries once) records its trace: every action with the DOM before
    // and after it; the first try leaves its error context (the page's ARIA snapshot). Recording every try
    // cost ≈ 11 % of the tests' time and ≈ 20 % of the CPU (measured on layout-shell and account-area, stop 41),
    // and the whole run had gone past its 20 minutes. Without the screencast (screenshots): recording frames
    // all through every test cost ≈ 25 % of the e2e run's CPU (issue 29).
    trace: { mode: 'on-first-retry', screenshots: false, snapshots: true, sources: false },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'portal', workers: 1, testIgnore: TWO_LANES ? [EXTENSION_SPECS, SECOND_SPECS] : [EXTENSION_SPECS] },
    ...(TWO_LANES ? [{ name: 'portal-second', workers: 1, testMatch: SECOND_SPECS, use: { baseURL: SECOND_URL } }] : []),
    { name: 'schema-extension', workers: 1, testMatch: EXTENSION_SPECS, use: { baseURL: EXTENDED_URL } },
  ],
  webServer: [
    portalServer({ command: `${build}npx tsx src/server/server.ts`, port: PORT, timeout: 180_000, dataDir, schemasDir: mainSchemasDir }),
    // The first server again, on its own database.
    ...(TWO_LANES
      ? [
          portalServer({
            command: afterBuild,
            port: SECOND_PORT,
            timeout: 240_000,
            dataDir: `${dataDir}-second`,
            schemasDir: mainSchemasDir,
          }),
        ]
      : []),
    // Serves the same build; only the schemas folder differs.
    portalServer({
      command: afterBuild,
      port: EXTENDED_PORT,
      timeout: 240_000,
      dataDir: `${dataDir}-extended`,
      schemasDir: extendedSchemasDir,
    }),
  ],
});
