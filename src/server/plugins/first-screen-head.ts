import type { FastifyInstance } from 'fastify';
import { firstScreenImage, firstScreenModules } from '../../shared/site/first-screen-modules';
import { firstScreenData, firstScreenElement } from './first-screen-data';
import { modulePreloads } from './module-preloads';

/**
 * What the server adds to the head of the page it sends for a portal path (issue 33): the first
 * screen's data (ADR 0059), the files of the code that draws it, and the image it shows first. Should
 * asking for the data fail, the page goes without it, and the client asks as before.
 */
export function firstScreenHead(app: FastifyInstance, clientDir: string): (url: URL, ip?: string) => Promise<string | undefined> {
  const preloads = modulePreloads(clientDir);
  return async (url, ip) => {
    const screen = await firstScreenData(app, url, ip).catch((error: unknown) => {
      app.log.warn({ err: error, path: url.pathname }, 'first screen data left out of the page');
      return undefined;
    });
    const image = firstScreenImage(screen);
    const head = [
      screen ? firstScreenElement(screen) : '',
      // publicFilePath URI-encodes the file's id, so no quote or < of a record's data reaches the attribute.
      image ? `<link rel="preload" as="image" href="${image}" fetchpriority="high">` : '',
      await preloads(firstScreenModules(url.pathname, screen)),
    ].join('');
    return head || undefined;
  };
}
