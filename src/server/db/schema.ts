import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
  // applicant | reviewer | integrity | admin; permissions come in a later issue.
  role: text('role').notNull(),
  createdAt: createdAt(),
});

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
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
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

export const dbSchema = { users, sessions, captchas, dicts, dictItems, messages, rateLimits };
