// Lint enforces the zones: client → shared ← server, shared free of react, fastify and node:*.
// Import cycles are checked by dependency-cruiser (npm run lint runs both).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettierOff from 'eslint-config-prettier';

const serverOnly = [
  'fastify',
  'fastify/*',
  '@fastify/*',
  'pg',
  'drizzle-orm',
  'drizzle-orm/*',
  '@electric-sql/*',
  '@node-rs/*',
  'svg-captcha',
  'node:*',
];
const clientOnly = [
  'react',
  'react-dom',
  'react-dom/*',
  'react-router-dom',
  'antd',
  'antd/*',
  '@formily/react',
  '@formily/antd-v5',
  'axios',
];

// The client's domain folders, which the engine (src/client/engine) may not import.
const ENGINE_FORBIDDEN = [
  'activities',
  'pages',
  'message-board',
  'integrity',
  'passport',
  'session',
  'layout',
  'permissions',
  'router',
  'settings',
];

// SECURITY R22: user content renders as text; HTML is set only by SafeHtml (src/client/components/safe-html.tsx).
const RAW_HTML_MESSAGE =
  'User content renders as text (SECURITY R22); rich text goes through SafeHtml (src/client/components/safe-html.tsx).';
const RAW_HTML_SYNTAX = [
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: RAW_HTML_MESSAGE },
  { selector: "Property[key.name='dangerouslySetInnerHTML']", message: RAW_HTML_MESSAGE },
  { selector: 'AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]', message: RAW_HTML_MESSAGE },
  { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: RAW_HTML_MESSAGE },
];
const EVAL_SYNTAX = [
  { selector: "NewExpression[callee.name='Function']", message: 'No new Function: the CSP forbids unsafe-eval.' },
  { selector: "CallExpression[callee.name='eval']", message: 'No eval: the CSP forbids unsafe-eval.' },
];

// Fastify answers a HEAD from the GET route (exposeHeadRoutes), so `request.method === 'GET'` sends a HEAD down the
// POST branch (issue 34: 500s). src/server/lib/request-input.ts reads a HEAD as its GET: requestInput, routeMethod.
const HEAD_AS_GET_MESSAGE =
  'A HEAD runs the GET route: use requestInput(request) or routeMethod(request) (src/server/lib/request-input.ts).';
const HEAD_AS_GET_SYNTAX = [
  {
    selector: "BinaryExpression[right.value='GET'] > MemberExpression.left[object.name='request'][property.name='method']",
    message: HEAD_AS_GET_MESSAGE,
  },
  {
    selector: "BinaryExpression[left.value='GET'] > MemberExpression.right[object.name='request'][property.name='method']",
    message: HEAD_AS_GET_MESSAGE,
  },
];

// Each row: folders of src/server and the floors above them, which they may not import.
const SERVER_FLOORS = [
  [['seed'], ['app', 'app-services']],
  [['modules'], ['seed']],
  [['engine/routes'], ['modules', 'seed']],
  [['engine/write'], ['engine/routes', 'routes', 'modules', 'seed']],
  [['engine/records'], ['engine/write', 'write', 'engine/routes', 'routes', 'modules', 'seed']],
  [['engine/units'], ['engine/records', 'records', 'engine/write', 'write', 'engine/routes', 'routes', 'modules', 'seed']],
  [['plugins'], ['engine', 'modules', 'seed', 'services']],
  [['services'], ['engine', 'modules', 'seed', 'plugins']],
  [
    ['db', 'lib', 'i18n', 'config'],
    ['services', 'engine', 'modules', 'seed', 'plugins'],
  ],
];

const zone = (message, patterns) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', '.tmp', 'test-results', 'playwright-report', 'src/shared/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': ['error', ...RAW_HTML_SYNTAX, ...EVAL_SYNTAX],
      // A type-only import says so, and is erased; one style: `import { a, type B }`.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // The rules of hooks, and dependency arrays that say what an effect reads (a deliberate omission is
    // disabled on its line, with the reason).
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The one component allowed to set HTML: it sanitises with DOMPurify from the shared allowlist.
    files: ['src/client/components/safe-html.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...EVAL_SYNTAX] },
  },
  {
    // Plain JavaScript tooling files run in Node; TypeScript files get their globals from tsc.
    files: ['**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', module: 'writable', require: 'readonly' } },
  },
  {
    files: ['src/shared/**'],
    rules: zone('src/shared is isomorphic: no react, no fastify, no node:*, no client or server imports.', [
      ...serverOnly,
      ...clientOnly,
      '**/client/**',
      '**/server/**',
    ]),
  },
  {
    files: ['src/client/**'],
    rules: zone('src/client may import src/shared, never src/server or server-only packages.', [...serverOnly, '**/server/**']),
  },
  {
    // The engine is generic: forms, lists and details for any schema. It may use the api client,
    // i18n, shared components and hooks, never a domain folder. (A later block replaces the rule's
    // options for these files, so the client zone's patterns are repeated.)
    files: ['src/client/engine/**'],
    rules: zone('The engine is generic: it imports no domain module (activities, pages, layout, session…); pass what it needs in.', [
      ...serverOnly,
      '**/server/**',
      ...ENGINE_FORBIDDEN.map((folder) => `**/client/${folder}/**`),
      ...ENGINE_FORBIDDEN.map((folder) => `../${folder}/*`),
    ]),
  },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-syntax': ['error', ...RAW_HTML_SYNTAX, ...EVAL_SYNTAX, ...HEAD_AS_GET_SYNTAX] },
  },
  {
    files: ['src/server/**'],
    rules: zone('src/server may import src/shared, never src/client or client-only packages.', [...clientOnly, '**/client/**']),
  },
  // The server's floors import only downward (ARCHITECTURE.md; .dependency-cruiser.cjs holds the same rules).
  ...SERVER_FLOORS.map(([folders, above]) => ({
    files: folders.map((folder) => `src/server/${folder}/**`),
    rules: zone(
      `The server's floors import only downward: ${folders.join(', ')} may not import ${above.join(', ')} (docs/architecture.md).`,
      [
        ...clientOnly,
        '**/client/**',
        ...above.map((folder) => `**/server/${folder}/**`),
        ...above.flatMap((folder) => [`../${folder}/**`, `../../${folder}/**`, `../../../${folder}/**`, `./${folder}/**`]),
      ],
    ),
  })),
  // Formatting is Prettier's (npm run lint runs prettier --check): no ESLint rule argues with it.
  prettierOff,
);
