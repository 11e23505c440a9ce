import path from 'node:path';
import { folderLoops } from './lib/folder-loops';

// npm run lint: no two folders of src/server import each other (the floors import only downward).
const loops = folderLoops(path.resolve(process.argv[2] ?? 'src/server'));
if (loops.length > 0) {
  console.error(
    `folder loops in src/server (${loops.length}); the floors import only downward (docs/architecture.md):\n  ${loops.join('\n  ')}`,
  );
  process.exit(1);
}
console.log('folder loops 0');
