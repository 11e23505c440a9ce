import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the built SPA (vite build → dist/client) from the same process as the API, with the
 * history-mode fallback: a GET that names no file gets index.html, and the client router takes over.
 * Unknown /api paths and missing files with an extension (a stale chunk) stay 404s.
 */
/** Read by the client's demo banner before anything renders: no request, nothing inline to run. */
export const DEMO_META = '<meta name="kc-environment" content="demo">';

/**
 * compress: false — files are compressed at build time, never per request; and a 304 of a file without
 * a compressed copy must not come out of @fastify/compress marked as encoded.
 */
const SPA_ROUTE = { config: { access: 'public' }, schema: { hide: true }, compress: false } as const;

export async function installSpaStatic(app: FastifyInstance, clientDir: string, options: { demo: boolean }): Promise<void> {
  const root = resolve(clientDir);
  // serve:false — our own route below declares its access like every other route. preCompressed: the
  // build wrote a .br and a .gz beside each text file (scripts/lib/precompress-assets.ts); the one the
  // request accepts is sent, with Vary: accept-encoding, and the file itself when there is none.
  await app.register(fastifyStatic, { root, serve: false, wildcard: false, index: false, preCompressed: true });

  app.get<{ Params: { '*': string } }>('/*', SPA_ROUTE, async (request, reply) => {
    const relative = request.params['*'] ?? '';
    if (relative === 'api' || relative.startsWith('api/')) throw new AppError(404, 'notFound');
    const candidate = resolve(root, relative);
    const inside = candidate === root || candidate.startsWith(root + sep);
    if (inside && candidate !== root && (await isFile(candidate))) {
      // Vite fingerprints everything under assets/, so those never change under the same name.
      const fingerprinted = relative.startsWith('assets/');
      return reply.sendFile(relative, {
        cacheControl: fingerprinted,
        maxAge: fingerprinted ? '1y' : 0,
        immutable: fingerprinted,
        dotfiles: 'deny',
      });
    }
    const lastSegment = relative.split('/').pop() ?? '';
    if (lastSegment.includes('.') || !(await isFile(resolve(root, 'index.html')))) throw new AppError(404, 'notFound');
    reply.header('cache-control', 'no-cache');
    if (!options.demo) return reply.sendFile('index.html', { cacheControl: false });
    const html = await readFile(resolve(root, 'index.html'), 'utf8');
    return reply.type('text/html; charset=utf-8').send(html.replace('</head>', `${DEMO_META}</head>`));
  });
}
