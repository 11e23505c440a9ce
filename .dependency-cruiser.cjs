/**
 * Import cycles are forbidden everywhere; the zone rules are repeated here as a second net.
 * The server's floors (ARCHITECTURE.md, docs/architecture.md) import only downward:
 * app.ts → seed/ → modules/ → engine/ (routes → write → records → units) → plugins/ → services/ → db/ lib/ i18n/ config/.
 */
const S = '^src/server/';
const down = (name, from, to, comment) => ({ name, comment, severity: 'error', from: { path: `${S}${from}` }, to: { path: `${S}${to}` } });

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    { name: 'shared-is-isomorphic', severity: 'error', from: { path: '^src/shared' }, to: { path: '^src/(client|server)' } },
    { name: 'client-not-server', severity: 'error', from: { path: '^src/client' }, to: { path: '^src/server' } },
    { name: 'server-not-client', severity: 'error', from: { path: '^src/server' }, to: { path: '^src/client' } },
    {
      name: 'engine-is-generic',
      severity: 'error',
      from: { path: '^src/client/engine' },
      to: { path: '^src/client/(activities|pages|message-board|integrity|passport|session|layout|permissions|router|settings)/' },
    },
    down('floor-nothing-imports-app', '[^/]+/', '(app|app-services|server)\\.ts$', 'app.ts composes; nothing below imports it'),
    down('floor-seed', '(modules|engine|plugins|services|db|lib|i18n|config)/', 'seed/', 'seed/ sits above every floor but app.ts'),
    down('floor-modules', '(engine|plugins|services|db|lib|i18n|config)/', 'modules/', 'features sit above the engine'),
    down('floor-engine', '(plugins|services|db|lib|i18n|config)/', 'engine/', 'the engine sits above plugins and services'),
    down('floor-engine-routes', 'engine/(write|records|units)/', 'engine/routes/', 'engine: routes → write → records → units'),
    down('floor-engine-write', 'engine/(records|units)/', 'engine/write/', 'engine: routes → write → records → units'),
    down('floor-engine-records', 'engine/units/', 'engine/records/', 'engine: routes → write → records → units'),
    down('floor-plugins', '(services|db|lib|i18n|config)/', 'plugins/', 'plugins sit above services'),
    down('floor-services', '(plugins|db|lib|i18n|config)/', 'services/', 'plugins, db, lib, i18n and config import no service'),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: 'src/shared/generated' },
  },
};
