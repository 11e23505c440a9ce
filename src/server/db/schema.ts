import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/*
 * The one Drizzle schema. drizzle-kit generates the SQL migrations in ./migrations from it, and the
 * same migrations run on PGlite and on PostgreSQL 15, so keep to SQL both accept.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  // argon2id PHC string; never leaves the server.
  passwordHash: text('password_hash').notNull(),
  fullname: text('fullname').notNull(),
  headimgurl: text('headimgurl').notNull().default(''),
  orgName: text('org_name'),
  // One role per user: a roles.id (applicant | reviewer | integrity | admin). Deliberately no foreign
  // key: a role missing from the catalogue simply grants nothing (ADR 0007).
  role: text('role').notNull(),
  createdAt: createdAt(),
  // Mainland mobile number, the SMS-reset target, sealed with the data key (SECURITY R34, ADR 0066):
  // never compared in SQL. phone_index, its keyed blind index, finds the account and keeps one account
  // per number (ADR 0005).
  phone: text('phone'),
  phoneIndex: text('phone_index').unique(),
  // Sealed like the phone; nothing looks an account up by it.
  email: text('email'),
  // A self-registered account stays inactive until its e-mail link is followed (ADR 0005).
  active: boolean('active').notNull().default(true),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
  // Set for an account whose password someone else chose (the seed, an administrator): until the user
  // changes it, a login opens a session that can only change the password (SECURITY R07, issue 15).
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  // The unit the user works for now (spec §3 "stored user unit … isSelect"); null until chosen.
  currentUnitId: uuid('current_unit_id').references((): AnyPgColumn => units.id, { onDelete: 'set null' }),
  // An administrator's freeze (spec §8 您的账号已被冻结): the account still logs in, but may not apply or publish.
  frozenAt: timestamp('frozen_at', { withTimezone: true, mode: 'date' }),
  frozenReason: text('frozen_reason'),
  // Bumped by every administrator's change (用户管理), so two administrators cannot overwrite each other.
  version: integer('version').notNull().default(1),
});

// Roles an administrator grants beside users.role, the account's own (spec §6: a user may hold several).
export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

// Only the sha256 of a token is stored, so a leaked table cannot be replayed as sessions.
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    // The last request the session was seen on, written at most once a minute: the idle timeout
    // (SECURITY R10, ADR 0008) counts from here.
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // The password was right but the account's role asks a second factor (SECURITY R06, ADR 0067): this
    // token serves only the second-factor routes, for a few minutes, and is replaced by a full session.
    secondFactorPending: boolean('second_factor_pending').notNull().default(false),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

// A staff member's TOTP authenticator (SECURITY R06, ADR 0067). The secret is sealed with the personal
// cipher (ADR 0066), never in clear; confirmed_at is null while the enrolment waits for its first code.
// last_step is the newest RFC 6238 time step accepted: a code of that step or an older one is refused (replay).
export const mfaEnrolments = pgTable('mfa_enrolments', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

// The ten recovery codes shown once at enrolment: only their hashes, each good once.
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

// The hashes of the passwords an account had before its current one (SECURITY R01: none of the last
// five may come back), newest by id, as a test clock may give two changes the same instant. Only the
// four newest are kept: with the current password in users.password_hash they are the last five.
export const passwordHistory = pgTable(
  'password_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // argon2id PHC string, like users.password_hash; never leaves the server.
    passwordHash: text('password_hash').notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.id)],
);

// One live captcha per user and purpose: a new fetch replaces the previous one (the primary key).
export const captchas = pgTable(
  'captchas',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    answerHash: text('answer_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.purpose] })],
);

export const dicts = pgTable('dicts', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  // A dictionary retired as a whole (ADR 0055): no new field may name it; the fields that do, and their records, are served as before.
  retired: boolean('retired').notNull().default(false),
});

export const dictItems = pgTable(
  'dict_items',
  {
    dictCode: text('dict_code')
      .notNull()
      .references(() => dicts.code, { onDelete: 'cascade' }),
    dictKey: text('dict_key').notNull(),
    dictValue: text('dict_value').notNull(),
    dictValueEn: text('dict_value_en'),
    sortOrder: integer('sort_order').notNull().default(0),
    // An item taken out of its dictionary (ADR 0046): kept for the records that hold it and their labels, no longer offered.
    retired: boolean('retired').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.dictCode, t.dictKey] })],
);

/*
 * A message is stored as the validated record in jsonb, with the schema id and version it was checked
 * against: adding a property to the schema file needs no migration.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    schemaId: text('schema_id').notNull(),
    schemaVersion: text('schema_version').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    // The commission's answer (我的留言 shows it): written once by a holder of message.update.
    reply: text('reply'),
    repliedBy: uuid('replied_by').references(() => users.id),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  // NULLS FIRST matches a plain ORDER BY … DESC; Drizzle's bare .desc() emits NULLS LAST (STACK trap 11).
  (t) => [index('messages_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

// Rate-limit counters live in the database so that several server processes share them.
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/*
 * Idempotency-Key (SECURITY R37, ADR 0064): one row per caller (`user:<id>` or `ip:<address>`) and key.
 * `fingerprint` is the sha256 of the method, path and body the key was first used with. While the first
 * request runs, `status` is null and `locked_until` says when another process may take the key over (a
 * process that died mid-request); once it has answered, its status, content type and body are replayed.
 * Rows expire after 24 hours and a scheduled job sweeps them (`expires_at`).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    // Set in the request's own write transaction (ADR 0071): a claim whose process died after its commit is not run again.
    committedAt: timestamp('committed_at', { withTimezone: true, mode: 'date' }),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/*
 * One application per user and activity (ADR 0004). The step data is jsonb keyed by step, checked
 * against the activity folder whose sha256 is schema_version. `version` counts every write: a save or
 * transition names the version it is based on and updates only `WHERE version = $v` (SECURITY R38).
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    activityId: text('activity_id').notNull(),
    // draft | submitted | returned | approved | rejected (src/shared/activity/application-status.ts)
    status: text('status').notNull(),
    data: jsonb('data').$type<Record<string, Record<string, unknown>>>().notNull(),
    currentStep: text('current_step'),
    version: integer('version').notNull(),
    schemaVersion: text('schema_version').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    submittedAt: at('submitted_at'),
  },
  (t) => [
    unique('applications_user_activity_unique').on(t.userId, t.activityId),
    // The applicant's list and the reviewers' list, newest first; NULLS FIRST so a plain DESC uses them (STACK trap 11).
    index('applications_user_updated_idx').on(t.userId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('applications_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('applications_activity_idx').on(t.activityId),
  ],
);

// Every status change, written in the same transaction as the change itself (SECURITY R18).
export const applicationEvents = pgTable(
  'application_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    // submit | withdraw | return | approve | reject
    action: text('action').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    // The application's version after the change: one submission event per submitted version.
    version: integer('version').notNull(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    note: text('note'),
    at: at('at').notNull(),
  },
  (t) => [
    index('application_events_application_idx').on(t.applicationId, t.at),
    unique('application_events_application_version_unique').on(t.applicationId, t.version),
  ],
);

// Metadata of an uploaded file; the bytes live in the file store (<dataDir>/uploads/<id> or attachment_chunks), never under a user-given name (SECURITY R26).
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    // What the file belongs to (ADR 0011): an activity's step (ownerId the activity, step its key), or
    // a resource's record form (ownerId the resource's name, no step).
    ownerKind: text('owner_kind').notNull().default('activity'),
    ownerId: text('owner_id').notNull(),
    step: text('step'),
    field: text('field').notNull(),
    originalName: text('original_name').notNull(),
    // pdf | jpg | png | docx | xlsx | zip, from the magic bytes
    type: text('type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('attachments_user_owner_idx').on(t.userId, t.ownerKind, t.ownerId)],
);

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres answers a Buffer, PGlite a Uint8Array: one shape for the callers.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

// Content-Security-Policy violation reports sent by browsers to /api/csp-report (SECURITY R29): what the
// policy blocked and where, never a cookie or a body; trimmed and capped at the route.
export const cspReports = pgTable(
  'csp_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    receivedAt: at('received_at').notNull(),
    documentUri: text('document_uri').notNull(),
    directive: text('directive').notNull(),
    blockedUri: text('blocked_uri').notNull(),
    sourceFile: text('source_file'),
    lineNumber: integer('line_number'),
    userAgent: text('user_agent'),
  },
  (t) => [index('csp_reports_received_idx').on(t.receivedAt)],
);

// The bytes of an attachment when FILE_STORE=database (the default on PostgreSQL): in chunks, so a
// download streams one chunk at a time and every server process reads the same files (issue 15).
export const attachmentChunks = pgTable(
  'attachment_chunks',
  {
    attachmentId: uuid('attachment_id').notNull(),
    seq: integer('seq').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.attachmentId, t.seq] })],
);

// A short-lived link to one attachment (spec §7 upload/token: a storage key plus a token, served by a
// file endpoint that checks it): the token's sha256 only, for whom it was issued, and until when.
export const fileLinks = pgTable(
  'file_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    attachmentId: uuid('attachment_id')
      .notNull()
      .references(() => attachments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('file_links_expires_idx').on(t.expiresAt)],
);

/*
 * Passport (ADR 0005). Every secret below (captcha answers, SMS codes, tickets, states, activation
 * tokens) is stored as a sha256 only, and every counter lives here rather than in process memory,
 * so several server processes agree and tests can move the clock.
 */

// Failed logins per username as typed (lower-cased), whether or not the account exists: an unknown
// name then behaves exactly like a known one (SECURITY R03, no enumeration).
export const loginFailures = pgTable('login_failures', {
  usernameKey: text('username_key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: at('window_started_at').notNull(),
  lockedUntil: at('locked_until'),
});

// The login page's graphic captcha, keyed by a random id the browser holds (no user yet).
export const loginCaptchas = pgTable('login_captchas', {
  idHash: text('id_hash').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
});

// One live SMS code per phone: a new send replaces the old code, and sent_at drives the 60 s limit.
export const smsCodes = pgTable('sms_codes', {
  phone: text('phone').primaryKey(),
  // resetPassword | register | mfa (the second factor's fallback, ADR 0067)
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  sentAt: at('sent_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

// The development SMS sender's outbox: what a gateway would have delivered.
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.createdAt)],
);

// The development mail sender's outbox.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.toAddress, t.createdAt)],
);

/*
 * Every SMS and mail handed to a real sender (ADR 0034): written when a caller sends, delivered by a
 * job of the queue whose id is this id. The row is what makes a retried job idempotent (a sent row
 * is never sent again) and what administrators read (消息投递). The body holds codes and activation
 * links, so it is emptied once the message is sent or has finally failed.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull(),
    /** The sender kind that delivers it (tencent, http, smtp). */
    transport: text('transport').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('message_deliveries_channel_known', sql`${t.channel} IN ('sms', 'mail')`),
    check('message_deliveries_status_known', sql`${t.status} IN ('queued', 'sending', 'retrying', 'sent', 'failed')`),
    // Newest first for the administrators' list (STACK trap 11: NULLS FIRST, so the index serves DESC).
    index('message_deliveries_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('message_deliveries_status_idx').on(t.status, t.createdAt),
  ],
);

export const activationTokens = pgTable(
  'activation_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('activation_tokens_user_idx').on(t.userId)],
);

// An OAuth state: single-use, bound to the same-site path to return to.
export const ssoStates = pgTable('sso_states', {
  stateHash: text('state_hash').primaryKey(),
  redirect: text('redirect').notNull(),
  // PKCE (RFC 7636): sent only to the token endpoint, useless without the state's browser and code.
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
});

// A provider subject with no local account yet, waiting to be bound by a password login.
export const ssoTickets = pgTable('sso_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  redirect: text('redirect').notNull(),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
});

// Accounts are linked by (issuer, subject) only, never by name or phone (SECURITY R09).
export const externalIdentities = pgTable(
  'external_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), unique('external_identities_user_issuer_unique').on(t.userId, t.issuer)],
);

// Units (organisations) a user may act for; the integrity area works per unit.
export const units = pgTable('units', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

export const userUnits = pgTable(
  'user_units',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    // An administrator of the unit takes a workflow's orgAdmin transitions on its members' records.
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.unitId] })],
);

/*
 * Spec §6 roles and the permissions they hold (ADR 0007). The catalogue in
 * src/server/services/roles/role-catalogue.ts is written here at every start; a permission is a
 * permission id with the action keys it grants.
 */
export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: text('permission_id').notNull(),
    actions: text('actions').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permissionId] }),
    // Only the known action keys (spec §6's nine and unmask, SECURITY R35): a typo in a hand-edited row fails at write time, not as a silent denial.
    check(
      'role_permissions_actions_known',
      sql`${t.actions} <@ ARRAY['add', 'delete', 'update', 'query', 'get', 'enable', 'disable', 'import', 'export', 'unmask']::text[]`,
    ),
  ],
);

/*
 * The security audit log (SECURITY R31, R32; ADR 0009). Append-only: migration 0005 adds a trigger
 * that raises on UPDATE, DELETE and TRUNCATE. Each row's hash is sha256(prev_hash ‖ canonical JSON of
 * its fields), written under an advisory lock so the chain never forks (src/server/modules/audit).
 * No foreign key to users: a deleted account must not rewrite (or block) its history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: at('at').notNull(),
    userId: uuid('user_id'),
    username: text('username'),
    role: text('role'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    // LOGIN_SUCCESS, APPLICATION_APPROVED… (src/shared/audit/audit-events.ts)
    event: text('event').notNull(),
    objectType: text('object_type'),
    objectId: text('object_id'),
    // 'permissionId.action' where one applies.
    action: text('action'),
    // success | failure
    result: text('result').notNull(),
    reason: text('reason'),
    requestId: text('request_id').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    check('audit_log_result_known', sql`${t.result} IN ('success', 'failure')`),
    // Two rows naming the same predecessor would be a fork of the chain: the database refuses it too.
    unique('audit_log_prev_hash_unique').on(t.prevHash),
    // The list filters by time and event; NULLS FIRST so a plain DESC can use it (STACK trap 11).
    index('audit_log_at_idx').on(t.at.desc().nullsFirst()),
    index('audit_log_event_idx').on(t.event),
  ],
);

// Where the audit chain starts once retention has removed its oldest rows (issue 15): the hash of the
// last removed row, which the first remaining row names as its predecessor. One row, id 1.
export const auditAnchor = pgTable('audit_anchor', {
  id: integer('id').primaryKey(),
  hash: text('hash').notNull(),
  throughId: bigint('through_id', { mode: 'number' }).notNull(),
  at: at('at').notNull(),
});

/*
 * Every record of every resource folder (schemas/resources/<name>/, ADR 0010): one table, the data as
 * jsonb checked against the record schema whose $id and sha256 are stored with it. `version` counts
 * every write; an update or transition names the version it read and changes the row only
 * `WHERE version = $v` (SECURITY R38). owner_id and org_id never change after the insert.
 */
export const records = pgTable(
  'records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resource: text('resource').notNull(),
    ownerId: uuid('owner_id').references(() => users.id),
    orgId: uuid('org_id').references(() => units.id),
    status: text('status').notNull(),
    version: integer('version').notNull(),
    schemaId: text('schema_id').notNull(),
    schemaVersion: text('schema_version').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    // SECURITY R34: an HMAC over the record's canonical content and version, for folders that ask for it
    // (resource.json seal); the key lives outside the database (record-seal-key.ts).
    seal: text('seal'),
    // SECURITY R34, ADR 0070: the keyed blind index (HMAC-SM3) of each personal value (x-mask) that data holds
    // sealed, keyed by its path: "idNumber" → digest, "guests[].guestPhone" → [digests]. Exact match, x-unique,
    // import matching and a target's match compare these, through one GIN index (containment, @>).
    blind: jsonb('blind').$type<Record<string, string | string[]>>(),
  },
  (t) => [
    index('records_blind_idx').using('gin', t.blind.op('jsonb_path_ops')),
    // Newest first for each list scope; NULLS FIRST so a plain DESC uses them (STACK trap 11).
    index('records_resource_updated_idx').on(t.resource, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('records_owner_updated_idx').on(t.resource, t.ownerId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('records_org_updated_idx').on(t.resource, t.orgId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('records_status_updated_idx').on(t.resource, t.status, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

// A record's history: its creation, each update and each transition, in the same transaction as the change.
export const recordEvents = pgTable(
  'record_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    // create | update | <a workflow transition's name>
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    // The record's version after the change: (record_id, version) unique, so a lost race cannot record twice.
    version: integer('version').notNull(),
    // Null for a visitor's create (resource.json anonymousCreate).
    actorId: uuid('actor_id').references(() => users.id),
    note: text('note'),
    at: at('at').notNull(),
  },
  (t) => [unique('record_events_record_version_unique').on(t.recordId, t.version)],
);

/*
 * How many records each list scope holds per status: '*' (everyone's), 'u:<owner id>', 'o:<org id>'.
 * Kept by a trigger on records (migration 0007), so a paged list's total is a sum over a few rows
 * instead of a count over the table (STACK trap 13).
 */
export const recordCounts = pgTable(
  'record_counts',
  {
    resource: text('resource').notNull(),
    scope: text('scope').notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.resource, t.scope, t.status] })],
);

// PostgreSQL's full-text vector; written and read only through SQL (to_tsvector, @@), never as a JS value.
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/*
 * The portal's search (issue 13): one document per public record of a folder with resource.json
 * search, and per activity. The words are cut by the server's Chinese segmenter before they reach
 * to_tsvector('simple', …), so the same index works on PGlite and PostgreSQL. A record's document is
 * written in the record's own write transaction and goes with the record (cascade).
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    key: text('key').primaryKey(),
    source: text('source').notNull(),
    recordId: uuid('record_id').references(() => records.id, { onDelete: 'cascade' }),
    // The record's version indexed, and a stamp of the folder's search block and the segmenter:
    // start-up writes again any document older than its record or written under another stamp.
    version: integer('version').notNull(),
    stamp: text('stamp').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    kind: text('kind'),
    day: date('day', { mode: 'string' }),
    href: text('href').notNull(),
    words: tsvector('words').notNull(),
    indexedAt: at('indexed_at').notNull(),
  },
  (t) => [
    index('search_documents_words_idx').using('gin', t.words),
    index('search_documents_source_idx').on(t.source),
    index('search_documents_record_idx').on(t.recordId),
  ],
);

/* What visitors searched for and found something, counted per Beijing day: the hot searches. */
export const searchKeywords = pgTable(
  'search_keywords',
  {
    keyword: text('keyword').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyword, t.day] }), index('search_keywords_day_idx').on(t.day)],
);

/*
 * The message centre (issue 31 item 4): one row per recipient of a workflow transition's `notify`,
 * written in the transition's own transaction, so a decision and its notice stand or fall together.
 * The texts are stored in both languages as they were when written (a later schema change does not
 * rewrite what somebody was told). A record's notices go with the record.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    recordId: uuid('record_id').references(() => records.id, { onDelete: 'cascade' }),
    // The workflow transition that wrote it.
    action: text('action').notNull(),
    title: text('title').notNull(),
    titleEn: text('title_en').notNull(),
    body: text('body').notNull(),
    bodyEn: text('body_en').notNull(),
    // The portal page of the record, a same-site path.
    href: text('href').notNull(),
    readAt: at('read_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    // A recipient's page, newest first, and the unread ones first.
    index('notifications_recipient_created_idx').on(t.recipientId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notifications_recipient_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/*
 * The keys personal fields are sealed with (SECURITY R34, ADR 0066), each wrapped by the master key kept
 * outside the database (DATA_KEY or the data folder's key file): purpose 'data' seals values, the newest
 * one not retired sealing new ones; purpose 'index' keys the blind indexes. A sealed value names its key's
 * id, so npm run keys:rotate can retire a key and re-seal what it sealed while the portal runs.
 */
export const dataKeys = pgTable('data_keys', {
  id: text('id').primaryKey(),
  purpose: text('purpose').notNull(),
  algorithm: text('algorithm').notNull(),
  wrapped: text('wrapped').notNull(),
  createdAt: createdAt(),
  retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
});

export const dbSchema = {
  users,
  sessions,
  captchas,
  dicts,
  dictItems,
  messages,
  rateLimits,
  idempotencyKeys,
  applications,
  applicationEvents,
  attachments,
  loginFailures,
  loginCaptchas,
  smsCodes,
  smsOutbox,
  mailOutbox,
  activationTokens,
  ssoStates,
  ssoTickets,
  externalIdentities,
  units,
  userUnits,
  roles,
  rolePermissions,
  auditLog,
  records,
  recordEvents,
  recordCounts,
  searchDocuments,
  searchKeywords,
  notifications,
  dataKeys,
};

/*
 * Every version of a schema unit (an activity folder, a form file, a resource folder, the site's
 * navigation file) published from the studio (issue 17, ADR 0026, 0033): the whole unit's text, so any
 * process can load it (a live reload without a restart, a draft pinned to the version it was started on,
 * a rollback). `version` is the sha256 readSchemaFolder
 * computes; `base_version` the one it replaced, so a process whose files still hold an older published
 * version knows the database is newer. action: publish | rollback | baseline (the files' version before
 * the unit's first publication, kept so its drafts stay checked against it) | create (the first version
 * of a unit made in the studio, ADR 0040) | retire (an activity's manifest with retired: true).
 */
export const schemaPublications = pgTable(
  'schema_publications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    version: text('version').notNull(),
    baseVersion: text('base_version'),
    files: jsonb('files').$type<Record<string, string>>().notNull(),
    action: text('action').notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    note: text('note'),
    at: at('at').notNull(),
  },
  (t) => [
    check(
      'schema_publications_kind_known',
      sql`${t.kind} IN ('activity', 'form', 'resource', 'site', 'dashboard', 'dictionary', 'workflow')`,
    ),
    check('schema_publications_action_known', sql`${t.action} IN ('publish', 'rollback', 'baseline', 'create', 'retire')`),
    index('schema_publications_unit_idx').on(t.kind, t.name, t.id),
    index('schema_publications_version_idx').on(t.kind, t.name, t.version),
  ],
);
