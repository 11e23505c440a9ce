/** Import cycles are forbidden everywhere; the zone rules are repeated here as a second net. */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    { name: 'shared-is-isomorphic', severity: 'error', from: { path: '^src/shared' }, to: { path: '^src/(client|server)' } },
    { name: 'client-not-server', severity: 'error', from: { path: '^src/client' }, to: { path: '^src/server' } },
    { name: 'server-not-client', severity: 'error', from: { path: '^src/server' }, to: { path: '^src/client' } },
    { name: 'engine-is-generic', severity: 'error', from: { path: '^src/client/engine' }, to: { path: '^src/client/(activities|pages|message-board|integrity|passport|session|layout|permissions|router|settings)/' } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: 'src/shared/generated' },
  },
};
