import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, ENDPOINTS } from '../../../shared/api/endpoints';
import fileRefSchema from '../../../../schemas/api/file-ref.schema.json';
import fileLinkSchema from '../../../../schemas/api/file-link.schema.json';
import fileLinkQuerySchema from '../../../../schemas/api/file-link-query.schema.json';
import type { FileRef } from '../../../shared/generated/file-ref';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { findInputProblems } from '../../lib/find-input-problems';
import { inputRefusal } from '../../plugins/input-guard';
import { auditRequest } from '../../services/audit/request-audit';
import { requireUser } from '../../plugins/route-access';
import { insertAttachment, findAttachment, type AttachmentRow } from '../../services/files/attachment-store';
import { fileLinkValid, issueFileLink } from '../../services/files/file-link-store';
import type { AuthUser } from '../../lib/auth-user';
import { reviewerMayRead, visitorMayRead } from './reviewer-may-read';
import { contentDisposition } from '../../services/files/content-disposition';
import { detectFileType } from '../../services/files/detect-file-type';
import { isOfficePackage } from '../../services/files/office-package';
import { CONTENT_TYPES, isFileType } from '../../services/files/file-types';
import { receiveUpload, UploadTooLargeError, type ReceivedFile } from '../../services/files/receive-upload';
import { resolveUploadField, type UploadTarget } from '../../engine/units/resolve-upload-field';
import { sanitizeFileName } from '../../services/files/sanitize-file-name';
import { ImageUnreadableError, reencodeImage } from '../../services/files/reencode-image';
import { checkUploadQuota } from '../../services/files/upload-quota';
import { fileTooLargeMessage, fileTypeNotAllowedMessage } from '../../../shared/i18n/upload-messages';
import { REVALIDATE_EACH_TIME } from '../../plugins/public-cache';

// upload-target.schema.json's fields, and `activityId`, the shorthand of an activity's owner.
const TEXT_FIELDS = new Set(['ownerKind', 'ownerId', 'activityId', 'step', 'field']);

const downloadParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' } },
};

/** A limit error from the multipart parser itself (its own hard stop, or too many parts). */
function isParserLimit(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 413;
}

/** A failure of the disk names its system call; it is the server's, not the body's. */
function isSystemError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && typeof (error as { syscall?: unknown }).syscall === 'string';
}

/**
 * The request's parts. Whatever the parser refuses (no or a wrong boundary, a truncated body, not
 * multipart at all) is the body's fault: 413 over its limits, 400 otherwise, never a 500.
 */
async function* partsOf(request: FastifyRequest): AsyncGenerator<Multipart> {
  const parts = request.parts();
  try {
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (error) {
        if (isParserLimit(error)) throw new AppError(413, 'payloadTooLarge');
        throw new AppError(400, 'multipartMalformed');
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await parts.return?.(undefined);
  }
}

/** Leftovers of uploads interrupted by a crash: nothing refers to a tmp- file, so it can go (SECURITY R39). */
async function removeStaleTemporaries(dir: string): Promise<void> {
  for (const name of await readdir(dir)) if (name.startsWith('tmp-')) await rm(join(dir, name), { force: true });
}

/**
 * A refused upload stops reading the body midway; the rest of it would keep the connection busy
 * (and a graceful shutdown waiting) forever, and draining a huge body is what the limit prevents.
 * So the answer closes the connection instead.
 */
function closeIfUnread(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.raw.readableEnded) reply.header('connection', 'close');
}

async function readUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  dir: string,
): Promise<{ target: UploadTarget; received: ReceivedFile; fileName: string }> {
  const user = requireUser(request);
  const locale = requestLocale(request);
  if (!request.isMultipart()) throw new AppError(415, 'multipartRequired');
  const fields = new Map<string, string>();
  let result: { target: UploadTarget; received: ReceivedFile; fileName: string } | undefined;
  try {
    for await (const part of partsOf(request)) {
      if (part.type === 'field') {
        if (!TEXT_FIELDS.has(part.fieldname) || typeof part.value !== 'string' || fields.has(part.fieldname))
          throw new AppError(400, 'badRequest');
        // The input guard sees JSON, queries and params only; these fields are read here.
        const problems = findInputProblems({ [part.fieldname]: part.value });
        if (problems.length > 0) throw inputRefusal(problems, locale);
        fields.set(part.fieldname, part.value);
        continue;
      }
      // The fields name the target first, so the limit is known before a byte of the file is stored.
      if (part.fieldname !== 'file' || result) {
        part.file.resume();
        throw new AppError(400, 'uploadIncomplete');
      }
      let target: UploadTarget;
      try {
        target = resolveUploadField(app, user, fields);
      } catch (error) {
        part.file.resume();
        throw error;
      }
      try {
        result = { target, received: await receiveUpload(part.file, dir, target.rule.maxSize), fileName: part.filename };
      } catch (error) {
        if (error instanceof UploadTooLargeError || isParserLimit(error)) {
          throw new AppError(413, 'fileTooLarge', { msg: fileTooLargeMessage(target.rule.maxSize, locale) });
        }
        if (isSystemError(error)) throw error;
        // The file's part ended before its boundary: the body was cut short or malformed.
        throw new AppError(400, 'multipartMalformed');
      }
    }
  } catch (error) {
    if (result) await rm(result.received.tmpPath, { force: true });
    if (error instanceof AppError) throw error;
    if (isParserLimit(error)) throw new AppError(413, 'payloadTooLarge');
    throw error;
  }
  if (!result) throw new AppError(400, 'uploadIncomplete');
  return result;
}

/**
 * Upload and download of application attachments. Registered as its own encapsulated plugin so the
 * multipart parser exists only here: every JSON route still refuses multipart with 415.
 */
export async function attachmentRoutes(app: FastifyInstance): Promise<void> {
  const store = app.fileStore;
  const dir = store.tmpDir;
  await removeStaleTemporaries(dir);
  const hardLimit = app.uploadLimit;
  // One file and four short fields per request; the parser's own stop sits one byte above the largest field limit.
  await app.register(multipart, { limits: { fileSize: hardLimit + 1, files: 1, fields: 4, fieldSize: 256, parts: 5, headerPairs: 20 } });

  const mayRead = async (user: AuthUser, row: AttachmentRow): Promise<boolean> =>
    isFileType(row.type) && (row.userId === user.id || (await reviewerMayRead(app, user, row)));
  const sendAttachment = async (reply: FastifyReply, row: AttachmentRow): Promise<FastifyReply> => {
    const content = isFileType(row.type) ? await store.open(row.id) : undefined;
    if (!content || !isFileType(row.type)) throw new AppError(404, 'notFound');
    return reply
      .header('content-type', CONTENT_TYPES[row.type])
      .header('content-length', String(row.size))
      .header('content-disposition', contentDisposition(row.originalName))
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'same-origin')
      .header('cache-control', 'private, no-store')
      .send(content);
  };

  app.post(
    ENDPOINTS.attachmentUpload,
    {
      config: { access: 'user', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: '上传附件（multipart：ownerKind、ownerId、step（申报活动）、field，然后一个 file；activityId 为申报活动的简写）',
        description:
          "Answers a FileRef {id, name, size, type}. 413 over the field's x-upload.maxSize, 415 when the magic bytes are not an allowed type, 400 for an empty file.",
        tags: ['附件'],
        consumes: ['multipart/form-data'],
        response: okResponse(fileRefSchema),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const locale = requestLocale(request);
      const { target, received, fileName } = await readUpload(app, request, dir).catch((error: unknown) => {
        closeIfUnread(request, reply);
        throw error;
      });
      // The file to store: the one received, or an image written again from its pixels.
      let stored = received;
      try {
        if (received.size === 0) throw new AppError(400, 'fileEmpty');
        const type = detectFileType(received.head, fileName);
        const accepted = new Set(
          target.rule.accept.map((extension) => (extension.toLowerCase() === 'jpeg' ? 'jpg' : extension.toLowerCase())),
        );
        if (!type || !accepted.has(type))
          throw new AppError(415, 'fileTypeNotAllowed', { msg: fileTypeNotAllowedMessage(target.rule.accept, locale) });
        // A zip is a .docx or .xlsx only when it is that package inside, not by its name.
        if ((type === 'docx' || type === 'xlsx') && !(await isOfficePackage(await readFile(received.tmpPath), type))) {
          throw new AppError(415, 'fileTypeNotAllowed', { msg: fileTypeNotAllowedMessage(target.rule.accept, locale) });
        }
        stored = await reencodeImage(received, type).catch((error: unknown) => {
          throw error instanceof ImageUnreadableError ? new AppError(415, 'imageUnreadable') : error;
        });
        const quota = await checkUploadQuota(app.database.db, user.id, stored.size);
        if (quota !== 'ok') throw new AppError(413, quota === 'tooManyFiles' ? 'uploadQuotaFiles' : 'uploadQuotaBytes');
        const id = crypto.randomUUID();
        await store.putFile(id, stored.tmpPath);
        try {
          const row = await insertAttachment(app.database.db, {
            id,
            userId: user.id,
            ownerKind: target.ownerKind,
            ownerId: target.ownerId,
            step: target.step,
            field: target.field,
            originalName: sanitizeFileName(fileName, type),
            type,
            size: stored.size,
            sha256: stored.sha256,
          });
          const ref: FileRef = { id: row.id, name: row.originalName, size: row.size, type };
          // Who stored what (SECURITY R31): the file's id, type and size, never its name or content.
          await auditRequest(request, {
            event: 'FILE_UPLOADED',
            result: 'success',
            objectType: 'attachment',
            objectId: row.id,
            reason: `type=${type} size=${row.size}`,
          });
          return ok(ref, serverMessage('uploaded', locale));
        } catch (error) {
          await store.remove(id);
          throw error;
        }
      } finally {
        await rm(received.tmpPath, { force: true });
        if (stored !== received) await rm(stored.tmpPath, { force: true });
      }
    },
  );

  app.get<{ Params: { id: string } }>(
    ENDPOINTS.attachmentDownload,
    {
      config: { access: 'user' },
      schema: {
        summary: '下载附件（上传者；申报提交后亦对有 application.get 权限者开放，资源记录离开私有状态后对有该资源 get 权限者开放）',
        tags: ['附件'],
        params: downloadParams,
        response: {
          200: {
            description: '附件文件（Content-Type 按文件类型，Content-Disposition 为原文件名）',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const row = await findAttachment(app.database.db, request.params.id);
      // Someone else's file and a missing one look the same (SECURITY R16, R27).
      if (!row || !(await mayRead(user, row))) throw new AppError(404, 'notFound');
      return sendAttachment(reply, row);
    },
  );

  app.get<{ Querystring: { id: string } }>(
    ENDPOINTS.fileLinkToken,
    {
      config: { access: 'user', rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        summary: '文件链接（存储键与5分钟有效的令牌；谁能下载附件，谁就能取得它的链接）',
        tags: ['附件'],
        querystring: fileLinkQuerySchema,
        response: okResponse(fileLinkSchema),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await findAttachment(app.database.db, request.query.id);
      if (!row || !(await mayRead(user, row))) throw new AppError(404, 'notFound');
      const { token, expiresAt } = await issueFileLink(app.database.db, row.id, user.id, app.clock());
      return ok({
        key: row.id,
        token,
        expiresAt: expiresAt.toISOString(),
        url: `${API_BASE}${ENDPOINTS.fileByLink.replace(':key', row.id)}?token=${token}`,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    ENDPOINTS.publicFile,
    {
      // Like the record that holds it: open to anyone once the record is in a visitor state (an article's images).
      // Public but revalidated at each use: the record may leave its visitor state; and a visitor's copy
      // may be kept, so that the image a page names in its head (issue 33) is not fetched a second time.
      config: { access: 'public', rateLimit: { max: 300, timeWindow: 60_000 }, publicCache: REVALIDATE_EACH_TIME },
      schema: {
        summary: '访客可见记录的附件（resource.json visitors 中状态的记录所含的文件，如已发布资讯的图片；其他一律 404）',
        tags: ['附件'],
        params: downloadParams,
        response: {
          200: { description: '附件文件', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
        },
      },
    },
    async (request, reply) => {
      const row = await findAttachment(app.database.db, request.params.id);
      if (!row || !(await visitorMayRead(app, row))) throw new AppError(404, 'notFound');
      return sendAttachment(reply, row);
    },
  );

  app.get<{ Params: { key: string }; Querystring: { token: string } }>(
    ENDPOINTS.fileByLink,
    {
      // The token is the credential: an <img src> or a new tab sends no Authorization header.
      config: { access: 'public', rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        summary: '按链接取文件（upload/token 给出的存储键与令牌；失效、不符或不存在一律 404）',
        tags: ['附件'],
        params: { type: 'object', additionalProperties: false, required: ['key'], properties: { key: downloadParams.properties.id } },
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['token'],
          properties: { token: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } },
        },
        response: {
          200: { description: '附件文件', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
        },
      },
    },
    async (request, reply) => {
      const row = await findAttachment(app.database.db, request.params.key);
      if (!row || !(await fileLinkValid(app.database.db, row.id, request.query.token, app.clock()))) throw new AppError(404, 'notFound');
      return sendAttachment(reply, row);
    },
  );
}
