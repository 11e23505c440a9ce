import type { FastifyInstance } from 'fastify';
import { firstScreenImage, firstScreenModules } from '../../shared/site/first-screen-modules';
import { firstScreenData, firstScreenElement } from './first-screen-data';
import { modulePreloads } from './module-preloads';

/** A value as an HTML attribute's text: a stored file's id is the record's data, not trusted markup. */
const attribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * What the server adds to the head of the page it sends for a portal path (issue 33): the first
 * screen's data (ADR 0059), the files of the code that draws it, and the image it shows first. Should
 * asking for the data fail, the page goes without it, and the client asks as before.
 */
export function firstScreenHead(app: FastifyInstance, clientDir: string): (url: URL) => Promise<string | undefined> {
  const preloads = modulePreloads(clientDir);
  return async (url) => {
    const screen = await firstScreenData(app, url).catch((error: unknown) => {
      app.log.warn({ err: error, path: url.pathname }, 'first screen data left out of the page');
      return undefined;
    });
    const image = firstScreenImage(screen);
    const head = [
      screen ? firstScreenElement(screen) : '',
      image ? `<link rel="preload" as="image" href="${attribute(image)}" fetchpriority="high">` : '',
      await preloads(firstScreenModules(url.pathname, screen)),
    ].join('');
    return head || undefined;
  };
}
