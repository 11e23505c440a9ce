import type { NavigationFile } from '../generated/navigation-file';

const ENTRY = /^\/(menu\/\d+(\/children\/\d+)?|tiles\/\d+|footer\/\d+(\/children\/\d+)?)(?=\/|$)/;

/** The entry a problem's pointer is about (/menu/3/children/2/path → /menu/3/children/2), or undefined for the file as a whole. */
export function entryPointerOf(pointer: string): string | undefined {
  return ENTRY.exec(pointer)?.[0];
}

/**
 * The navigation without the entries at these pointers (/menu/3, /menu/3/children/2, /tiles/9,
 * /footer/2/children/0): what the server serves when an entry leads to a page that is not live, for
 * instance one of a resource folder left out at start-up. A group whose links all went is left out
 * when it is served (navigationFor).
 */
export function withoutEntries(file: NavigationFile, pointers: ReadonlySet<string>): NavigationFile {
  return {
    ...file,
    menu: file.menu.flatMap((entry, index) => {
      if (pointers.has(`/menu/${index}`)) return [];
      if (entry.children === undefined) return [entry];
      const children = entry.children.filter((_child, child) => !pointers.has(`/menu/${index}/children/${child}`));
      return children.length === 0 ? [] : [{ ...entry, children }];
    }),
    tiles: file.tiles.filter((_tile, index) => !pointers.has(`/tiles/${index}`)),
    footer: file.footer.flatMap((group, index) => {
      if (pointers.has(`/footer/${index}`)) return [];
      const children = group.children.filter((_child, child) => !pointers.has(`/footer/${index}/children/${child}`));
      return children.length === 0 ? [] : [{ ...group, children }];
    }),
  };
}
