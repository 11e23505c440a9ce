import { and, eq, inArray, isNull } from 'drizzle-orm';
import { createUser, type NewUser } from '../services/users/create-user';
import { sealContact } from '../services/users/user-contact';
import { linkUserUnit } from '../services/users/user-units';
import type { Db } from '../db/database';
import { mfaEnrolments, users } from '../db/schema';
import { DEFAULT_MFA_ROLES } from '../services/roles/mfa-roles';
import { personalCipherOf } from '../services/crypto/personal-cipher';
import { demoTotpSecret } from './demo-totp-secrets';

export const DEMO_PASSWORD = 'Kechuang@2026';

/**
 * The demo accounts README lists; seeded only in embedded demo mode (see isDemoMode). Their password
 * is chosen by someone else (it is printed in the README), which SECURITY R07 would have changed at
 * the first login; they are seeded with must_change_password false on purpose, so that the demo and
 * the e2e suite log straight in (ADR 0022). A demo server refuses a public address instead.
 */
export const DEMO_USERS: readonly NewUser[] = [
  {
    username: 'applicant',
    password: DEMO_PASSWORD,
    fullname: '张伟',
    role: 'applicant',
    orgName: '星河智能科技有限公司',
    phone: '13800000001',
    email: 'applicant@example.com',
    extraUnits: ['星河智能（深圳）研究院有限公司'],
  },
  {
    username: 'reviewer',
    password: DEMO_PASSWORD,
    fullname: '李娜',
    role: 'reviewer',
    orgName: '市科学技术委员会',
    phone: '13800000002',
    email: 'reviewer@example.com',
  },
  {
    username: 'integrity',
    password: DEMO_PASSWORD,
    fullname: '王强',
    role: 'integrity',
    orgName: '市科学技术委员会',
    phone: '13800000003',
    email: 'integrity@example.com',
    extraUnits: ['市科技信用服务中心'],
  },
  {
    username: 'admin',
    password: DEMO_PASSWORD,
    fullname: '系统管理员',
    role: 'admin',
    orgName: '市科学技术委员会',
    phone: '13800000004',
    email: 'admin@example.com',
  },
  {
    username: 'unitadmin',
    password: DEMO_PASSWORD,
    fullname: '陈静',
    role: 'applicant',
    orgName: '星河智能科技有限公司',
    adminOf: ['星河智能科技有限公司'],
    phone: '13800000005',
    email: 'unitadmin@example.com',
  },
  {
    username: 'member',
    password: DEMO_PASSWORD,
    fullname: '刘畅',
    role: 'applicant',
    orgName: '晴川新能源科技有限公司',
    phone: '13800000006',
    email: 'member@example.com',
  },
  {
    username: 'orgadmin',
    password: DEMO_PASSWORD,
    fullname: '赵磊',
    role: 'applicant',
    orgName: '晴川新能源科技有限公司',
    adminOf: ['晴川新能源科技有限公司'],
    phone: '13800000007',
    email: 'orgadmin@example.com',
  },
  {
    username: 'unitofficer',
    password: DEMO_PASSWORD,
    fullname: '孙丽',
    role: 'unitIntegrity',
    orgName: '江城理工大学',
    phone: '13800000008',
    email: 'unitofficer@example.com',
  },
  {
    username: 'editor',
    password: DEMO_PASSWORD,
    fullname: '周敏',
    role: 'editor',
    orgName: '市科学技术委员会',
    phone: '13800000009',
    email: 'editor@example.com',
  },
  // 三权分立 (SECURITY R19, ADR 0068): `admin` above is the system administrator; these two are the others, one each.
  {
    username: 'secadmin',
    password: DEMO_PASSWORD,
    fullname: '吴昊',
    role: 'securityAdmin',
    orgName: '市科学技术委员会',
    phone: '13800000010',
    email: 'secadmin@example.com',
  },
  {
    username: 'auditor',
    password: DEMO_PASSWORD,
    fullname: '郑洁',
    role: 'auditAdmin',
    orgName: '市科学技术委员会',
    phone: '13800000011',
    email: 'auditor@example.com',
  },
];

/** Whether any demo account exists, seeded now or left from an earlier demo run on the same data. */
export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_USERS.map((user) => user.username),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Creates the demo accounts that are missing; an existing account (and its password) is left alone,
 * except that a demo account from before phones and units existed gets its phone, e-mail and units
 * (ADR 0005), so an old demo data folder can try the SMS reset too.
 */
export async function seedDemoUsers(db: Db): Promise<void> {
  const existing = await db
    .select({ id: users.id, username: users.username, phone: users.phone })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_USERS.map((user) => user.username),
      ),
    );
  const present = new Map(existing.map((row) => [row.username, row]));
  for (const user of DEMO_USERS) {
    const row = present.get(user.username);
    if (!row) {
      await createUser(db, user);
      continue;
    }
    if (row.phone === null) {
      await db
        .update(users)
        .set(await sealContact(db, { phone: user.phone ?? null, email: user.email ?? null }))
        .where(and(eq(users.id, row.id), isNull(users.phone)));
      for (const unit of [user.orgName, ...(user.extraUnits ?? [])]) if (unit) await linkUserUnit(db, row.id, unit);
    }
  }
  await enrolDemoStaff(db);
}

/**
 * The demo staff (a role that needs a second factor, SECURITY R06) come enrolled with the secrets derived from
 * the demo constant (demo-totp-secrets.ts, README), sealed like any secret; an enrolment already there stays.
 */
async function enrolDemoStaff(db: Db): Promise<void> {
  const staff = DEMO_USERS.filter((user) => DEFAULT_MFA_ROLES.includes(user.role));
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(
        users.username,
        staff.map((user) => user.username),
      ),
    );
  const cipher = personalCipherOf(db);
  for (const row of rows) {
    await db
      .insert(mfaEnrolments)
      .values({ userId: row.id, secret: await cipher.seal(demoTotpSecret(row.username)), confirmedAt: new Date() })
      .onConflictDoNothing({ target: mfaEnrolments.userId });
  }
}
