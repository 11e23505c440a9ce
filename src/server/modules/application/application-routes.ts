import type { FastifyInstance } from 'fastify';
import activityRequestSchema from '../../../../schemas/api/activity-request.schema.json';
import applicationListItemSchema from '../../../../schemas/api/application-list-item.schema.json';
import applicationPageRequestSchema from '../../../../schemas/api/application-page-request.schema.json';
import applicationStatusViewSchema from '../../../../schemas/api/application-status-view.schema.json';
import applicationViewSchema from '../../../../schemas/api/application-view.schema.json';
import firstSaveRequestSchema from '../../../../schemas/api/first-save-request.schema.json';
import saveStepRequestSchema from '../../../../schemas/api/save-step-request.schema.json';
import submitRequestSchema from '../../../../schemas/api/submit-request.schema.json';
import termNameExistsQuerySchema from '../../../../schemas/api/term-name-exists-query.schema.json';
import validateStepRequestSchema from '../../../../schemas/api/validate-step-request.schema.json';
import validationResultSchema from '../../../../schemas/api/validation-result.schema.json';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { APPLICATION_STATUSES, isApplicationStatus } from '../../../shared/activity/application-status';
import { uniqueFieldAt } from '../../../shared/activity/unique-fields';
import { DEFAULT_PAGE_NO, DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import type { ActivityRequest } from '../../../shared/generated/activity-request';
import type { ApplicationPageRequest } from '../../../shared/generated/application-page-request';
import type { ApplicationStatusView } from '../../../shared/generated/application-status-view';
import type { FirstSaveRequest } from '../../../shared/generated/first-save-request';
import type { SaveStepRequest } from '../../../shared/generated/save-step-request';
import type { SubmitRequest } from '../../../shared/generated/submit-request';
import type { TermNameExistsQuery } from '../../../shared/generated/term-name-exists-query';
import type { ValidateStepRequest } from '../../../shared/generated/validate-step-request';
import type { ValidationResult } from '../../../shared/generated/validation-result';
import { requestLocale } from '../../i18n/request-locale';
import { serverMessage } from '../../i18n/server-messages';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { okResponse, pageOf } from '../../lib/ok-response';
import { requireMayApply } from '../../services/users/require-may-apply';
import { requireUser } from '../../plugins/route-access';
import { activityTitle, pinnedActivity, requireActivity, requireOwnApplication, requireStep } from './application-context';
import { applicationHistory } from './application-history';
import { createDraft, findApplication, listApplications } from './application-store';
import { rowStatus, toApplicationView, toListItem } from './application-view';
import { saveStep } from './save-step';
import { checkActivitySteps } from '../../engine/write/check-activity-steps';
import { valueTakenByOthers } from '../../engine/records/activity-values-taken';
import { submitApplication } from './submit-application';
import { withdrawApplication } from './withdraw-application';
import { auditRequest } from '../../services/audit/request-audit';
import { deliverNotices } from '../../services/notifications/deliver-notices';
import type { NoticeDelivery } from '../../services/notifications/write-notices';
import { writeApplicationNotices } from './write-application-notices';

const TAGS = ['申报'];
const VIEW = okResponse(applicationViewSchema);
const VALIDATION = okResponse(validationResultSchema);
const SERVER_TIME = {
  type: 'object',
  additionalProperties: false,
  required: ['now'],
  properties: { now: { type: 'string', format: 'date-time', title: '服务器时间' } },
};
const EXISTS = {
  type: 'object',
  additionalProperties: false,
  required: ['exists'],
  properties: { exists: { type: 'boolean', title: '他人已使用该名称' } },
};

/** A bodyless POST means "the first page". */
async function emptyBodyIsFirstPage(request: { body: unknown }): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  // Public: the client shows deadlines by server time, never by the visitor's clock.
  app.get(
    ENDPOINTS.formTime,
    { config: { access: 'public' }, schema: { summary: '服务器时间 (getTime)', tags: TAGS, response: okResponse(SERVER_TIME) } },
    async () => ok({ now: app.clock().toISOString() }),
  );

  app.get<{ Querystring: ActivityRequest }>(
    ENDPOINTS.formQuery,
    {
      config: { access: 'user' },
      schema: {
        summary: '我在该活动的申报（没有时为 null）',
        tags: TAGS,
        querystring: activityRequestSchema,
        response: okResponse({ anyOf: [applicationViewSchema, { type: 'null' }] }),
      },
    },
    async (request) => {
      const user = requireUser(request);
      requireActivity(app, request.query.activityId);
      const row = await findApplication(app.database.db, user.id, request.query.activityId);
      return ok(row ? toApplicationView(row) : null);
    },
  );

  app.post<{ Body: FirstSaveRequest }>(
    ENDPOINTS.formFirstSave,
    {
      config: { access: 'user', idempotent: true },
      schema: {
        summary: '开始申报：创建草稿，已有时返回原草稿 (firstSaveFormData)',
        tags: TAGS,
        body: firstSaveRequestSchema,
        response: VIEW,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const activity = requireActivity(app, request.body.activityId);
      requireMayApply(user, activity.definition.manifest);
      // A retired activity takes no new application; one already started is still answered (ADR 0040).
      if (activity.definition.manifest.retired === true) {
        const started = await findApplication(app.database.db, user.id, activity.definition.id);
        if (!started) throw new AppError(403, 'activityRetired');
        return ok(toApplicationView(started));
      }
      const row = await createDraft(app.database.db, {
        userId: user.id,
        activityId: activity.definition.id,
        schemaVersion: activity.definition.version,
        now: app.clock(),
      });
      return ok(toApplicationView(row));
    },
  );

  app.post<{ Body: SaveStepRequest }>(
    ENDPOINTS.formSave,
    {
      config: { access: 'user', rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: { summary: '保存一个步骤（草稿，带版本号）(saveOrUpdate)', tags: TAGS, body: saveStepRequestSchema, response: VIEW },
    },
    async (request) => {
      const user = requireUser(request);
      const locale = requestLocale(request);
      const { activityId, step, version, data, currentStep } = request.body;
      requireMayApply(user);
      const view = await saveStep(app, { userId: user.id, activityId, step, version, data, currentStep }, locale);
      return ok(view, serverMessage('saved', locale));
    },
  );

  app.post<{ Body: ValidateStepRequest }>(
    ENDPOINTS.formValidateStep,
    {
      config: { access: 'user' },
      schema: { summary: '校验一个步骤（不保存）(validateFormData)', tags: TAGS, body: validateStepRequestSchema, response: VALIDATION },
    },
    async (request) => {
      const user = requireUser(request);
      const locale = requestLocale(request);
      const live = requireActivity(app, request.body.activityId);
      // The caller's draft, when there is one, is checked against the version it was started on.
      const own = await findApplication(app.database.db, user.id, live.definition.id);
      const activity = own ? await pinnedActivity(app, live, own) : live;
      requireStep(activity, request.body.step);
      // The step as a save would store it, judged as a submit judges it.
      const { step, data } = request.body;
      const { errors } = await checkActivitySteps(
        app.database.db,
        activity,
        { [step]: data },
        { locale, mode: 'submit', steps: [step], applicantId: user.id },
      );
      const result: ValidationResult = { valid: errors.length === 0, errors };
      return ok(result);
    },
  );

  app.post<{ Body: ActivityRequest }>(
    ENDPOINTS.formValidateAll,
    {
      config: { access: 'user' },
      schema: { summary: '校验已保存申报的全部步骤 (validatorData)', tags: TAGS, body: activityRequestSchema, response: VALIDATION },
    },
    async (request) => {
      const user = requireUser(request);
      const live = requireActivity(app, request.body.activityId);
      const row = await requireOwnApplication(app, user.id, live.definition.id);
      const { errors } = await checkActivitySteps(app.database.db, await pinnedActivity(app, live, row), row.data, {
        locale: requestLocale(request),
        mode: 'submit',
        applicantId: row.userId,
      });
      const result: ValidationResult = { valid: errors.length === 0, errors };
      return ok(result);
    },
  );

  app.post<{ Body: SubmitRequest }>(
    ENDPOINTS.formSubmit,
    {
      config: { access: 'user', idempotent: true, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { summary: '提交申报（幂等）(submitData)', tags: TAGS, body: submitRequestSchema, response: VIEW },
    },
    async (request) => {
      const user = requireUser(request);
      const locale = requestLocale(request);
      requireMayApply(user);
      // The reviewers' notices and the audit row, the last write, are in the submit's transaction (SECURITY R32, ADR 0009).
      const deliveries: NoticeDelivery[] = [];
      const view = await submitApplication(
        app,
        { userId: user.id, activityId: request.body.activityId, version: request.body.version },
        locale,
        async (tx, row) => {
          const step = {
            row,
            action: 'submit',
            applicantName: user.fullname,
            actorId: user.id,
            note: undefined,
            now: row.updatedAt,
          } as const;
          deliveries.push(...(await writeApplicationNotices(app, tx, step)));
          await auditRequest(
            request,
            { event: 'APPLICATION_SUBMITTED', result: 'success', objectType: 'application', objectId: row.id },
            tx,
          );
        },
      );
      await deliverNotices(app, request.log, deliveries);
      return ok(view, serverMessage('submitted', locale));
    },
  );

  app.get<{ Querystring: ActivityRequest }>(
    ENDPOINTS.formStatus,
    {
      config: { access: 'user' },
      schema: {
        summary: '申报状态与历史 (queryStatus)',
        tags: TAGS,
        querystring: activityRequestSchema,
        response: okResponse(applicationStatusViewSchema),
      },
    },
    async (request) => {
      const user = requireUser(request);
      requireActivity(app, request.query.activityId);
      const row = await requireOwnApplication(app, user.id, request.query.activityId);
      const history = await applicationHistory(app.database.db, row.id);
      const result: ApplicationStatusView = { status: rowStatus(row), history };
      return ok(result);
    },
  );

  app.get<{ Querystring: TermNameExistsQuery }>(
    ENDPOINTS.formTermNameExists,
    {
      config: { access: 'user' },
      schema: {
        summary: '名称查重（x-unique 字段）(termNameExists)',
        tags: TAGS,
        querystring: termNameExistsQuerySchema,
        response: okResponse(EXISTS),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { activityId, step, field, value } = request.query;
      const activity = requireActivity(app, activityId);
      requireStep(activity, step);
      const schema = activity.definition.steps.find((entry) => entry.key === step)?.schema ?? {};
      // A table column is named with any row (`projects.2.name`): the answer covers every row of every other application.
      const unique = uniqueFieldAt(schema, field);
      if (!unique) throw new AppError(400, 'notUniqueField');
      return ok({ exists: await valueTakenByOthers(app.database.db, { activityId, userId: user.id, step, field: unique, value }) });
    },
  );

  app.post<{ Body: ActivityRequest }>(
    ENDPOINTS.formWithdraw,
    {
      config: { access: 'user' },
      schema: { summary: '撤回已提交的申报（申报期内）(withdraw)', tags: TAGS, body: activityRequestSchema, response: VIEW },
    },
    async (request) => {
      const user = requireUser(request);
      const locale = requestLocale(request);
      const activity = requireActivity(app, request.body.activityId);
      const row = await requireOwnApplication(app, user.id, activity.definition.id);
      return ok(toApplicationView(await withdrawApplication(app, request, user, row)), serverMessage('withdrawn', locale));
    },
  );

  app.post<{ Body: ApplicationPageRequest }>(
    ENDPOINTS.myApplications,
    {
      config: { access: 'user' },
      schema: {
        summary: '我的申报（分页）(queryMyApplicationList)',
        tags: TAGS,
        body: applicationPageRequestSchema,
        response: okResponse(pageOf(applicationListItemSchema)),
      },
      preValidation: emptyBodyIsFirstPage,
    },
    async (request) => {
      const user = requireUser(request);
      const locale = requestLocale(request);
      const { pageNo = DEFAULT_PAGE_NO, pageSize = DEFAULT_PAGE_SIZE, status } = request.body;
      const statuses = status && isApplicationStatus(status) ? [status] : APPLICATION_STATUSES;
      const page = await listApplications(app.database.db, { userId: user.id, statuses, pageNo, pageSize });
      return ok({ total: page.total, records: page.rows.map((row) => toListItem(row, activityTitle(app, row.activityId, locale))) });
    },
  );
}
