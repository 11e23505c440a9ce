import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { recordSchemaId } from '../../shared/resource/resource-definition';
import { findTransition } from '../../shared/resource/workflow-rules';
import { resourceDetailHref } from '../../shared/resource/resource-links';
import { writeTransitionNotices } from '../services/notifications/write-notices';
import type { Db } from '../db/database';
import { messages, records, searchKeywords, users } from '../db/schema';
import type { SchemaRegistry } from '../engine/units/schema-registry';
import { insertMessage, writeReply } from '../modules/message/message-store';
import { applyOrganisationEffect, joinedOrganisation } from '../engine/write/organisation-effects';
import { insertRecord, transitionRecord, type RecordRow } from '../engine/records/record-store';
import type { CompiledResource, ResourceRegistry } from '../engine/units/resource-registry';
import { currentUnit } from '../services/users/user-units';
import { sha256Hex } from '../lib/sha256';
import { insertAttachment } from '../services/files/attachment-store';
import type { FileStore } from '../services/files/file-store';
import { demoCheckIn, demoLicencePdf, DEMO_CHECK_IN_COUNT } from './demo-check-ins';
import { demoInvite, DEMO_INVITE_COUNT } from './demo-invites';
import { demoArticles } from './demo-articles';
import { DEMO_CATALOGS } from './demo-catalogs';
import { DEMO_CREDIT } from './demo-credit';
import { DEMO_FINANCING } from './demo-financing';
import { DEMO_MESSAGES } from './demo-messages';
import { demoNeed, DEMO_NEED_COUNT } from './demo-needs';
import { DEMO_NEED_CONTACTS, demoNeedContact } from './demo-need-contacts';
import { demoSearchKeywords } from './demo-search-keywords';
import { demoEventSignups } from './demo-event-signups';
import { demoEvents } from './demo-events';
import { DEMO_IMAGE_VARIANTS, demoImage, type DemoImageKind } from './demo-image';
import { demoFinancingProjects } from './demo-financing-projects';
import { demoIncubators } from './demo-incubators';
import { demoProducts } from './demo-products';
import { demoServiceOrgs } from './demo-service-orgs';
import { demoShowcase } from './demo-showcase';
import { demoTechnologies } from './demo-technologies';
import { DEMO_POLICY_RULES } from './demo-policy-rules';
import { beijingDate } from '../../shared/rules/beijing-date';
import { openContact } from '../services/users/user-contact';

interface DemoAccount {
  id: string;
  fullname: string;
  phone: string | null;
}

/** One record to seed: whose, its data, and the transitions (with who takes them) after creation. */
interface Plan {
  owner: DemoAccount | null;
  data: Record<string, unknown>;
  steps: { transition: string; actor: DemoAccount; note?: string }[];
  /** When it was made, where the generator says (a sign-up days before its event); otherwise an hour apart before now. */
  at?: Date;
}

async function demoAccounts(db: Db): Promise<Map<string, DemoAccount>> {
  const rows = await db
    .select({ id: users.id, username: users.username, fullname: users.fullname, phone: users.phone })
    .from(users)
    .where(inArray(users.username, ['applicant', 'reviewer', 'unitadmin', 'integrity', 'member', 'orgadmin', 'editor']));
  // users holds the phone sealed (ADR 0066): the demo's guest lists show it as typed.
  return new Map(await Promise.all(rows.map(async (row) => [row.username, { ...row, phone: await openContact(db, row.phone) }] as const)));
}

/** The record as the write pipeline would accept it, or a loud error: a demo generator must never store what a user could not. */
function checked(resource: CompiledResource, data: Record<string, unknown>): Record<string, unknown> {
  const candidate = resource.captchaField ? { ...data, [resource.captchaField]: 'demo' } : data;
  if (!resource.validate(candidate))
    throw new Error(`demo ${resource.name} record is invalid: ${JSON.stringify(resource.validate.errors)}`);
  return data;
}

async function isEmpty(db: Db, resource: CompiledResource): Promise<boolean> {
  const existing = await db.select({ n: count() }).from(records).where(eq(records.resource, resource.name));
  return (existing[0]?.n ?? 0) === 0;
}

async function seedPlans(db: Db, resource: CompiledResource, plans: Plan[], now: Date): Promise<void> {
  if (!(await isEmpty(db, resource))) return;
  for (const [index, plan] of plans.entries()) {
    // Older records first, an hour apart, so the lists' newest-first order reads naturally.
    const at = plan.at ?? new Date(now.getTime() - (plans.length - index) * 3_600_000);
    let orgId: string | null = null;
    if (resource.resource.organisation?.role === 'join') orgId = await joinedOrganisation(db, resource, plan.data, 'zh-CN');
    else if (resource.resource.owner === 'organisation' && plan.owner) orgId = (await currentUnit(db, plan.owner.id))?.id ?? null;
    let row: RecordRow = await insertRecord(db, {
      resource: resource.name,
      ownerId: plan.owner?.id ?? null,
      orgId,
      status: resource.workflow.initial,
      schemaId: recordSchemaId(resource.name),
      schemaVersion: resource.version,
      data: checked(resource, plan.data),
      actorId: plan.owner?.id ?? null,
      now: at,
      sealer: resource.sealer,
      indexer: resource.indexer,
      personal: resource,
    });
    for (const step of plan.steps) {
      const transition = findTransition(resource.workflow, step.transition);
      if (!transition || !transition.from.includes(row.status))
        throw new Error(`demo ${resource.name}: "${step.transition}" cannot leave "${row.status}"`);
      const from = row.status;
      const next = await transitionRecord(db, {
        resource: resource.name,
        id: row.id,
        version: row.version,
        action: step.transition,
        from,
        to: transition.to ?? from,
        actorId: step.actor.id,
        note: step.note,
        now: new Date(at.getTime() + 600_000),
        sealer: resource.sealer,
        indexer: resource.indexer,
        personal: resource,
        // As the engine's route does: an approved settle-in founds its organisation, an approved request joins one,
        // and the transition's notices reach the message centre (the demo applicant's bell has something to show;
        // the seed sends no SMS or mail).
        after: async (tx, changed) => {
          await applyOrganisationEffect(tx, resource, changed, from);
          await writeTransitionNotices(tx, {
            folder: resource.resource,
            workflow: resource.workflow,
            transitionName: step.transition,
            transition,
            record: changed,
            href: resourceDetailHref(resource.name, changed.id),
            actorId: step.actor.id,
            note: step.note,
            now: new Date(at.getTime() + 600_000),
          });
        },
      });
      if (!next) throw new Error(`demo ${resource.name}: "${step.transition}" lost a race at seeding`);
      row = next;
    }
  }
}

function needPlans(accounts: Map<string, DemoAccount>, now: Date): Plan[] {
  const applicant = accounts.get('applicant');
  const unitadmin = accounts.get('unitadmin');
  const reviewer = accounts.get('reviewer');
  if (!applicant || !unitadmin || !reviewer) return [];
  const member = accounts.get('member') ?? null;
  const orgadmin = accounts.get('orgadmin') ?? null;
  // The first eight in several states; the rest published, for the needs hall (issue 30 item 6), each
  // owned by an account of the company it names (or by a visitor), so that 对接 requests reach someone.
  const owners = [applicant, unitadmin, null, applicant, applicant, unitadmin, applicant, null];
  owners.push(applicant, null, orgadmin, applicant, null, member, null, null);
  const published: Plan['steps'] = [{ transition: 'approve', actor: reviewer, note: '需求真实明确，同意在需求大厅发布' }];
  const steps: Plan['steps'][] = [
    [],
    [{ transition: 'approve', actor: reviewer, note: '需求描述清晰，同意发布' }],
    [{ transition: 'approve', actor: reviewer }],
    [{ transition: 'reject', actor: reviewer, note: '请补充预期技术指标和现有工作基础后重新提交' }],
    [{ transition: 'recall', actor: applicant }],
    [],
    [{ transition: 'approve', actor: reviewer }],
    [],
  ];
  return Array.from({ length: DEMO_NEED_COUNT }, (_, n) => ({
    owner: owners[n] ?? null,
    data: demoNeed(n, now),
    steps: steps[n] ?? published,
  }));
}

/** 对接 requests about the demo's published needs, each sent by the account it names (after the needs). */
async function needContactPlans(db: Db, accounts: Map<string, DemoAccount>): Promise<Plan[]> {
  const needs = await db
    .select({ id: records.id, data: records.data })
    .from(records)
    .where(and(eq(records.resource, 'need'), eq(records.status, 'approved')));
  return DEMO_NEED_CONTACTS.flatMap((contact) => {
    const owner = accounts.get(contact.from);
    const need = needs.find((row) => row.data['needTitle'] === contact.needTitle);
    return owner && need ? [{ owner, data: demoNeedContact(contact, need.id), steps: [] }] : [];
  });
}

/** Sign-ups for the published events, each dated before its event (demo-event-signups). */
async function eventSignupPlans(db: Db, now: Date): Promise<Plan[]> {
  const events = await db
    .select({ id: records.id, data: records.data })
    .from(records)
    .where(and(eq(records.resource, 'event'), eq(records.status, 'published')))
    .orderBy(records.createdAt, records.id);
  const stored = events.flatMap((row) =>
    typeof row.data['startsAt'] === 'string' ? [{ id: row.id, startsAt: row.data['startsAt'] }] : [],
  );
  return demoEventSignups(stored, now).map(({ data, at }) => ({ owner: null, data, steps: [], at }));
}

function invitePlans(accounts: Map<string, DemoAccount>, now: Date): Plan[] {
  const applicant = accounts.get('applicant');
  const unitadmin = accounts.get('unitadmin');
  const reviewer = accounts.get('reviewer');
  if (!applicant || !unitadmin || !reviewer) return [];
  const host = '星河智能科技有限公司';
  const guestOf = (account: DemoAccount) =>
    account.phone ? { guestName: account.fullname, guestUnit: host, guestPhone: account.phone } : undefined;
  const submit = (owner: DemoAccount) => ({ transition: 'submit', actor: owner });
  const plans: Plan[] = [
    { owner: applicant, data: demoInvite(0, now, host), steps: [] },
    { owner: applicant, data: demoInvite(1, now, host), steps: [submit(applicant)] },
    {
      owner: applicant,
      data: demoInvite(2, now, host, guestOf(unitadmin)),
      steps: [submit(applicant), { transition: 'approve', actor: reviewer }],
    },
    {
      owner: applicant,
      data: demoInvite(3, now, host),
      steps: [submit(applicant), { transition: 'reject', actor: reviewer, note: '评审会时间与市级评审安排冲突，请调整日期后重新提交' }],
    },
    // An approved invitation to the applicant: 收到的邀请 has something to show.
    {
      owner: unitadmin,
      data: demoInvite(4, now, host, guestOf(applicant)),
      steps: [submit(unitadmin), { transition: 'approve', actor: reviewer, note: '同意' }],
    },
  ];
  return plans.slice(0, DEMO_INVITE_COUNT);
}

/** The owner's upload of the demo scan (a licence by default), as the upload route would store it (ADR 0011). */
async function uploadLicence(
  db: Db,
  files: FileStore,
  owner: DemoAccount,
  target = { resource: 'check-in', field: 'businessLicence', name: '营业执照（副本）.pdf' },
): Promise<Record<string, unknown>> {
  const content = demoLicencePdf();
  const id = randomUUID();
  await files.putBytes(id, content);
  const row = await insertAttachment(db, {
    id,
    userId: owner.id,
    ownerKind: 'resource',
    ownerId: target.resource,
    field: target.field,
    originalName: target.name,
    type: 'pdf',
    size: content.length,
    sha256: sha256Hex(content),
  });
  return { id: row.id, name: row.originalName, size: row.size, type: row.type };
}

const isDemoImageKind = (name: string): name is DemoImageKind => ['incubator', 'technology', 'showcase', 'event'].includes(name);

/** Each record with its cover picture (drawn by demo-image.ts), uploaded by the demo editor as the upload route would store it. */
async function withPictures(
  db: Db,
  files: FileStore,
  accounts: Map<string, DemoAccount>,
  kind: DemoImageKind,
  data: readonly Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  const editor = accounts.get('editor');
  if (!editor) return [...data];
  const pictured: Record<string, unknown>[] = [];
  for (const [index, record] of data.entries()) {
    const content = demoImage(kind, index % DEMO_IMAGE_VARIANTS);
    const id = randomUUID();
    await files.putBytes(id, content);
    const title = String(record['title'] ?? record['name'] ?? kind).slice(0, 60);
    const row = await insertAttachment(db, {
      id,
      userId: editor.id,
      ownerKind: 'resource',
      ownerId: kind,
      field: 'cover',
      originalName: `${title}.png`,
      type: 'png',
      size: content.length,
      sha256: sha256Hex(content),
    });
    pictured.push({ ...record, cover: [{ id: row.id, name: row.originalName, size: row.size, type: row.type }] });
  }
  return pictured;
}

async function checkInPlans(db: Db, files: FileStore, accounts: Map<string, DemoAccount>): Promise<Plan[]> {
  const applicant = accounts.get('applicant');
  const unitadmin = accounts.get('unitadmin');
  const reviewer = accounts.get('reviewer');
  if (!applicant || !unitadmin || !reviewer) return [];
  const owners = [unitadmin, applicant, applicant];
  const steps: Plan['steps'][] = [
    [
      { transition: 'submit', actor: unitadmin },
      { transition: 'approve', actor: reviewer, note: '材料齐全，同意入驻' },
    ],
    [{ transition: 'submit', actor: applicant }],
    [
      { transition: 'submit', actor: applicant },
      { transition: 'return', actor: reviewer, note: '营业执照副本不清晰，请重新上传加盖公章的扫描件' },
    ],
  ];
  const plans: Plan[] = [];
  for (let n = 0; n < DEMO_CHECK_IN_COUNT; n += 1) {
    const owner = owners[n] ?? applicant;
    plans.push({ owner, data: { ...demoCheckIn(n), businessLicence: [await uploadLicence(db, files, owner)] }, steps: steps[n] ?? [] });
  }
  return plans;
}

/** Financing applications: the applicant's equity round approved, a loan returned with a note, an investor's registration pending, and a draft. */
function financingPlans(accounts: Map<string, DemoAccount>): Plan[] {
  const applicant = accounts.get('applicant');
  const unitadmin = accounts.get('unitadmin');
  const member = accounts.get('member');
  const reviewer = accounts.get('reviewer');
  if (!applicant || !unitadmin || !member || !reviewer) return [];
  const owners = [applicant, applicant, unitadmin, member];
  const steps: Plan['steps'][] = [
    [
      { transition: 'submit', actor: applicant },
      { transition: 'approve', actor: reviewer, note: '项目成长性好，已推荐给合作投资机构' },
    ],
    [
      { transition: 'submit', actor: applicant },
      { transition: 'return', actor: reviewer, note: '请补充近两年经审计的财务报表和知识产权评估报告' },
    ],
    [{ transition: 'submit', actor: unitadmin }],
    [],
  ];
  return DEMO_FINANCING.map((data, n) => ({ owner: owners[n] ?? applicant, data, steps: steps[n] ?? [] }));
}

/** Credit records entered by 王强: two in force, one still a draft. */
function creditPlans(accounts: Map<string, DemoAccount>): Plan[] {
  const integrity = accounts.get('integrity');
  if (!integrity) return [];
  const publish = [{ transition: 'publish', actor: integrity }];
  return DEMO_CREDIT.map((data, n) => ({ owner: integrity, data, steps: n < 2 ? publish : [] }));
}

/** A credit repair (信用修复) by 张伟 of 星河智能 about the demo record of 孙某, approved by his unit's 陈静 and waiting for the commission. */
async function creditFixPlans(db: Db, files: FileStore, accounts: Map<string, DemoAccount>): Promise<Plan[]> {
  const applicant = accounts.get('applicant');
  const unitadmin = accounts.get('unitadmin');
  const subject = DEMO_CREDIT[0];
  if (!applicant || !unitadmin || !subject) return [];
  const evidence = await uploadLicence(db, files, applicant, {
    resource: 'credit-fix',
    field: 'evidence',
    name: '科研诚信培训结业证明.pdf',
  });
  const data = {
    basisName: subject['basisName'],
    subjectType: subject['subjectType'],
    subjectName: subject['subjectName'],
    idNumber: subject['idNumber'],
    reason: '处理决定执行一年来已按要求撤回相关申报材料，未再发生失信行为，现申请信用修复。',
    measures: '重新撰写项目申报书并规范引用；参加市科委组织的科研诚信专题培训并取得结业证明；课题组建立申报材料查重制度。',
    evidence: [evidence],
    contactName: '张伟',
    contactPhone: '13800000001',
  };
  return [
    {
      owner: applicant,
      data,
      steps: [
        { transition: 'submit', actor: applicant },
        { transition: 'unitApprove', actor: unitadmin, note: '经核实，整改情况属实，同意报送' },
      ],
    },
  ];
}

/** The portal's catalogs, written by the content editor 周敏 (enabled as created). */
function catalogPlans(accounts: Map<string, DemoAccount>): Plan[] {
  const editor = accounts.get('editor');
  if (!editor) return [];
  return DEMO_CATALOGS.map((catalog) => ({ owner: editor, data: { ...catalog }, steps: [] }));
}

/** Over two hundred news items and policies of the last two years, all but the last few published by 周敏. */
function articlePlans(accounts: Map<string, DemoAccount>, now: Date): Plan[] {
  const editor = accounts.get('editor');
  if (!editor) return [];
  return demoArticles(now).map((article) => ({
    owner: editor,
    data: article.data,
    steps: article.published ? [{ transition: 'publish', actor: editor }] : [],
  }));
}

/** The self-test's rules for a dozen of the demo's policies, published by the demo editor. */
function policyRulePlans(accounts: Map<string, DemoAccount>, now: Date): Plan[] {
  const editor = accounts.get('editor');
  if (!editor) return [];
  return DEMO_POLICY_RULES.map(({ deadlineInDays, ...rule }) => ({
    owner: editor,
    data: {
      ...rule,
      conditions: rule.conditions.map((condition) => ({ ...condition })),
      ...(deadlineInDays === undefined ? {} : { deadline: beijingDate(new Date(now.getTime() + deadlineInDays * 86_400_000)) }),
    },
    steps: [{ transition: 'publish', actor: editor }],
  }));
}

/** The portal's published directories (issue 14): generated records, each published by the demo editor. */
function publishedPlans(accounts: Map<string, DemoAccount>, records: readonly Record<string, unknown>[]): Plan[] {
  const editor = accounts.get('editor');
  if (!editor) return [];
  return records.map((data) => ({ owner: editor, data: { ...data }, steps: [{ transition: 'publish', actor: editor }] }));
}

/** Membership requests (单位成员申请): a member whose request 赵磊 approved, one he turned down, and one waiting for 陈静. */
function userOrgPlans(accounts: Map<string, DemoAccount>): Plan[] {
  const member = accounts.get('member');
  const orgadmin = accounts.get('orgadmin');
  const unitadmin = accounts.get('unitadmin');
  const integrity = accounts.get('integrity');
  if (!member || !orgadmin || !unitadmin || !integrity) return [];
  return [
    {
      owner: member,
      data: { orgName: '晴川新能源科技有限公司', department: '储能系统研发部', position: '研发工程师' },
      steps: [{ transition: 'approve', actor: orgadmin, note: '欢迎加入' }],
    },
    {
      owner: integrity,
      data: { orgName: '晴川新能源科技有限公司', department: '质量管理部', position: '质量主管', note: '负责企业信用档案的对接' },
      steps: [{ transition: 'reject', actor: orgadmin, note: '经核实，申请人不是本单位在职员工，请以所在单位名义办理' }],
    },
    {
      owner: member,
      data: {
        orgName: '星河智能科技有限公司',
        department: '校企联合实验室',
        position: '项目工程师',
        note: '参与星河智能与晴川新能源的联合研发项目，需以星河智能名义提交项目材料',
      },
      steps: [],
    },
  ];
}

async function seedMessages(db: Db, schemas: SchemaRegistry, accounts: Map<string, DemoAccount>, now: Date): Promise<void> {
  const reviewer = accounts.get('reviewer');
  const writers = { 张伟: accounts.get('applicant'), 陈静: accounts.get('unitadmin') } as Record<string, DemoAccount | undefined>;
  const ids = Object.values(writers).flatMap((account) => (account ? [account.id] : []));
  if (!reviewer || ids.length === 0) return;
  const existing = await db.select({ n: count() }).from(messages).where(inArray(messages.userId, ids));
  if ((existing[0]?.n ?? 0) > 0) return;
  const form = schemas.require('message');
  for (const message of DEMO_MESSAGES) {
    const writer = writers[String(message.data['name'])];
    if (!writer) continue;
    if (!form.validate({ ...message.data, code: 'demo' }))
      throw new Error(`demo message is invalid: ${JSON.stringify(form.validate.errors)}`);
    const id = await insertMessage(db, writer.id, form, message.data);
    if (message.reply) await writeReply(db, { id, version: 1, reply: message.reply, repliedBy: reviewer.id, now });
  }
}

/**
 * The embedded demo's content (README: every list has something to show): needs and 对接 requests about them, invitations and
 * settle-in applications (with a licence file), financing applications and membership requests in several states, owned by the demo accounts, and messages with replies. Only into an empty
 * resource, so a restart adds nothing and a user's own records are never touched.
 */
export async function seedDemoContent(
  db: Db,
  registries: { resources: ResourceRegistry; schemas: SchemaRegistry },
  now: Date,
  files: FileStore,
): Promise<void> {
  const accounts = await demoAccounts(db);
  const need = registries.resources.get('need');
  if (need) await seedPlans(db, need, needPlans(accounts, now), now);
  const needContact = registries.resources.get('need-contact');
  if (needContact) await seedPlans(db, needContact, await needContactPlans(db, accounts), now);
  const invite = registries.resources.get('invite');
  if (invite) await seedPlans(db, invite, invitePlans(accounts, now), now);
  // The licences are uploaded only for an empty resource, so a restart leaves no stray files.
  const checkIn = registries.resources.get('check-in');
  if (checkIn && (await isEmpty(db, checkIn))) await seedPlans(db, checkIn, await checkInPlans(db, files, accounts), now);
  const financing = registries.resources.get('financing');
  if (financing) await seedPlans(db, financing, financingPlans(accounts), now);
  const credit = registries.resources.get('credit');
  if (credit) await seedPlans(db, credit, creditPlans(accounts), now);
  const userOrg = registries.resources.get('user-org');
  if (userOrg) await seedPlans(db, userOrg, userOrgPlans(accounts), now);
  // After the credit records it is about; its evidence is uploaded only for an empty resource, like the licences.
  const creditFix = registries.resources.get('credit-fix');
  if (creditFix && (await isEmpty(db, creditFix))) await seedPlans(db, creditFix, await creditFixPlans(db, files, accounts), now);
  // Catalogs before the articles that name them.
  const catalog = registries.resources.get('catalog');
  if (catalog) await seedPlans(db, catalog, catalogPlans(accounts), now);
  const article = registries.resources.get('article');
  if (article) await seedPlans(db, article, articlePlans(accounts, now), now);
  // After the policies they are about.
  const policyRule = registries.resources.get('policy-rule');
  if (policyRule) await seedPlans(db, policyRule, policyRulePlans(accounts, now), now);
  // The portal's directories (issue 14): incubators, technologies, financial products, service providers, events, the show-case and projects seeking investment.
  const directories: [string, readonly Record<string, unknown>[]][] = [
    ['incubator', demoIncubators()],
    ['technology', demoTechnologies()],
    ['product', demoProducts()],
    ['service-org', demoServiceOrgs()],
    ['event', demoEvents(now)],
    ['showcase', demoShowcase(now)],
    ['financing-project', demoFinancingProjects()],
  ];
  for (const [name, data] of directories) {
    const resource = registries.resources.get(name);
    if (!resource || !(await isEmpty(db, resource))) continue;
    // Pictures are stored only for an empty folder, so a restart leaves no stray files.
    const pictured = isDemoImageKind(name) ? await withPictures(db, files, accounts, name, data) : data;
    await seedPlans(db, resource, publishedPlans(accounts, pictured), now);
  }
  // After the events they are for: visitors' sign-ups (anonymous, as the form lets visitors send them).
  const eventSignup = registries.resources.get('event-signup');
  if (eventSignup && (await isEmpty(db, eventSignup))) await seedPlans(db, eventSignup, await eventSignupPlans(db, now), now);
  await seedMessages(db, registries.schemas, accounts, now);
  // The hot searches, once: a demo that has been searched keeps its own counts.
  const [searched] = await db.select({ n: count() }).from(searchKeywords);
  if ((searched?.n ?? 0) === 0) await db.insert(searchKeywords).values(demoSearchKeywords(now));
}
