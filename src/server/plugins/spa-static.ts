import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

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

/**
 * A page made per request (the demo's marker, the first screen's data) leaves compressed as the request
 * accepts, like the files beside it; the route's own compression is off for the files (see SPA_ROUTE).
 * Brotli at quality 5: a few milliseconds for the page's 30 KB.
 */
async function sendPage(request: FastifyRequest, reply: FastifyReply, html: string): Promise<FastifyReply> {
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted))
    return reply.header('content-encoding', 'br').send(await brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(await gzipped(html));
  return reply.send(html);
}

export interface SpaOptions {
  /** Marks the page as the demo's (the client's banner reads it). */
  demo: boolean;
  /** The first screen's data block for a page's address (ADR 0059), or nothing to add. */
  /** The page's head additions for `url`, asked as the visitor at `ip` would (their read budget, R28). */
  firstScreen?: (url: URL, ip: string) => Promise<string | undefined>;
}

export async function installSpaStatic(app: FastifyInstance, clientDir: string, options: SpaOptions): Promise<void> {
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
    const firstScreen = options.firstScreen ? await options.firstScreen(new URL(request.url, 'http://portal'), request.ip) : undefined;
    if (!options.demo && !firstScreen) return reply.sendFile('index.html', { cacheControl: false });
    const html = await readFile(resolve(root, 'index.html'), 'utf8');
    const head = `${firstScreen ?? ''}${options.demo ? DEMO_META : ''}`;
    // A function, not a string: a string replacement reads $&, $` and $' in the data as patterns.
    return sendPage(
      request,
      reply,
      html.replace('</head>', () => `${head}</head>`),
    );
  });
}
