// npm run gen:passwords — writes the common-password list the server refuses (SECURITY R01).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { COMMON_PASSWORDS_FILE, commonPasswordList } from './lib/common-password-list';

const file = path.resolve(import.meta.dirname, '..', COMMON_PASSWORDS_FILE);
const list = commonPasswordList();
await writeFile(file, `${list.join('\n')}\n`);
console.log(`gen:passwords: ${list.length} 个常见密码写入 ${COMMON_PASSWORDS_FILE}`);
