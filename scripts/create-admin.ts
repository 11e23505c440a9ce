// npm run admin:create -- --username <name> [--fullname <姓名>] [--role admin|securityAdmin|auditAdmin]
// Opens an administrator account with a random one-time password on the database the server would
// use (DATABASE_URL, or the embedded DATA_DIR, which the running server must release first), and
// prints the password once. It must be changed at the first login (SECURITY R07, docs/deployment.md).
import { parseArgs } from 'node:util';
import userCreateRequest from '../schemas/api/user-create-request.schema.json';
import { SEPARATED_ADMIN_ROLES } from '../src/server/services/roles/separated-duties';

const USERNAME = new RegExp(userCreateRequest.properties.username.pattern);

function fail(message: string): never {
  console.error(`admin:create: ${message}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    fullname: { type: 'string', default: '系统管理员' },
    role: { type: 'string', default: 'admin' },
  },
});
// 三权分立 (ADR 0068): the system administrator by default, or one of the other two, whose passwords nobody in the portal sets.
if (!SEPARATED_ADMIN_ROLES.includes(values.role))
  fail(`--role 须为 ${SEPARATED_ADMIN_ROLES.join('、')} 之一 (one of the three administrators)`);
const username = values.username ?? fail('give the account a name: npm run admin:create -- --username <name>');
if (!USERNAME.test(username))
  fail(`用户名须以字母开头，由4-32位字母、数字或下划线组成 (4-32 letters, digits or underscores, starting with a letter): ${username}`);
const fullname = values.fullname.trim();
if (fullname === '' || fullname.length > userCreateRequest.properties.fullname.maxLength)
  fail('姓名为1-30个字符 (the full name takes 1-30 characters)');

// Loaded once the arguments are good: a mistyped name is answered at once, without loading the server.
const [{ buildApp }, { loadConfig }, { AdministratorExistsError, createAdministrator }] = await Promise.all([
  import('../src/server/app'),
  import('../src/server/config/server-config'),
  import('../src/server/services/users/create-administrator'),
]);
const app = await buildApp({ config: loadConfig(), logger: false });
let created: { password: string } | undefined;
try {
  created = await createAdministrator(app.database.db, { username, fullname, role: values.role }, new Date());
} catch (error) {
  if (!(error instanceof AdministratorExistsError)) throw error;
} finally {
  // Closed before anything exits: the embedded database writes its last pages on close.
  await app.close();
}
if (!created) fail(`用户名 ${username} 已存在 (the username is taken)`);
console.log(`administrator ${username} (${values.role}) created; one-time password (shown once, to be changed at the first login):`);
console.log(created.password);
