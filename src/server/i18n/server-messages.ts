import type { Locale } from '../../shared/i18n/locale';

/*
 * The envelope's `msg` texts (spec §8), zh-CN first. Field-level wording comes from the shared
 * validationMessage(); these are the request-level sentences around it. None of them names the part
 * of a credential that failed.
 */
const ZH_CN = {
  ok: 'ok',
  loginSucceeded: '登录成功',
  logoutSucceeded: '退出成功',
  messageCreated: '留言成功',
  validationFailed: '提交的信息有误，请检查后重试',
  badRequest: '请求参数有误',
  invalidJson: '请求内容不是有效的 JSON',
  // What no route schema can say (plugins/input-guard.ts): the request, then the field.
  inputInvalidCharacter: '提交的内容含有不允许的字符，请删除后重试',
  fieldInvalidCharacter: '含有不允许的字符（空字符或不完整的 Unicode 字符），请删除后重新输入',
  inputTooDeep: '提交的内容嵌套层级过深',
  fieldTooDeep: '嵌套层级过深',
  inputNumberOutOfRange: '提交的数字超出了可处理的范围，请检查后重试',
  fieldNumberOutOfRange: '数值超出范围',
  invalidCredentials: '用户名或密码错误',
  unauthorized: '请先登录',
  // SECURITY R10 (ADR 0008): idle or past the absolute lifetime; the session is gone.
  sessionIdleTimeout: '登录已超时，请重新登录',
  forbidden: '没有足够的权限',
  notFound: '请求的资源不存在',
  methodNotAllowed: '不支持的请求方法',
  payloadTooLarge: '请求内容过大',
  unsupportedMediaType: '不支持的请求内容类型，请使用 application/json',
  tooManyRequests: '请求过于频繁，请稍后再试',
  // Idempotency-Key (SECURITY R37, ADR 0064).
  idempotencyKeyInvalid: 'Idempotency-Key 请求头无效（应为 1–255 个可见 ASCII 字符，如 UUID）',
  idempotencyKeyReused: '该 Idempotency-Key 已用于另一份提交内容，请为新的提交使用新的 Idempotency-Key',
  idempotencyKeyInFlight: '同一提交仍在处理中，请稍后再试',
  idempotencyKeyCommitted: '该提交已处理，请刷新页面查看结果',
  internalError: '服务器内部错误，请稍后重试',
  serviceUnavailable: '服务暂不可用，请稍后重试',
  // Activity applications (ADR 0004).
  saved: '保存成功',
  submitted: '提交成功',
  withdrawn: '撤回成功',
  reviewed: '审核完成',
  uploaded: '上传成功',
  applicationNotFound: '尚未创建该活动的申报，请先开始申报',
  // Dashboards (ADR 0037): an unknown one and one with no widget the caller may read look alike.
  dashboardNotFound: '没有这个看板，或您无权查看',
  unknownStep: '该活动没有这个申报步骤',
  versionConflict: '该申报已在其他窗口或设备上更新，请刷新后再编辑',
  notEditable: '申报已提交，当前不可修改',
  illegalTransition: '当前状态下不能执行该操作',
  notQualified: '您的账号暂不具备申报资格',
  accountFrozen: '您的账号已被冻结，暂不能申报或发布；请查看个人中心了解解冻方式',
  windowNotOpen: '申报尚未开始',
  windowClosed: '申报已截止',
  ownApplication: '不能审核自己的申报',
  notUniqueField: '该字段不需要查重',
  attachmentInvalid: '附件无效，请重新上传',
  notUploadField: '该字段不支持上传附件',
  uploadIncomplete: '请先填写活动、步骤和字段，再附上一个文件',
  fileEmpty: '上传的文件为空',
  // The upload route words these two with the field's own limit and types; these are the fallbacks.
  fileTooLarge: '文件大小超出限制',
  fileTypeNotAllowed: '不支持该文件类型',
  imageUnreadable: '图片文件已损坏或无法识别，请重新选择',
  uploadQuotaFiles: '您上传的附件数量已达上限，请删除不再需要的附件后再上传',
  uploadQuotaBytes: '您上传的附件总大小已达上限，请删除不再需要的附件后再上传',
  multipartRequired: '请以 multipart/form-data 方式上传文件',
  multipartMalformed: '上传的内容不完整或格式有误，请重新上传',
  // Passport and account (ADR 0005). captchaInvalid is the spec's verification-code-error text.
  captchaRequired: '请输入验证码',
  captchaInvalid: '验证码错误',
  captchaExpired: '验证码已过期，请点击图片刷新',
  accountInactive: '账号尚未激活，请先点击激活邮件中的链接',
  smsSent: '验证码已发送，5分钟内有效',
  smsTooFrequent: '验证码发送过于频繁，请稍后再试',
  smsCodeInvalid: '短信验证码错误或已失效，请重新获取',
  passwordMismatch: '两次输入的密码不一致',
  passwordReset: '密码已重置，请使用新密码登录',
  passwordChanged: '密码修改成功',
  oldPasswordWrong: '原密码错误',
  passwordSameAsOld: '新密码不能与原密码相同',
  // SECURITY R01: the current password and the four before it (password-history.ts).
  passwordReused: '新密码不能与最近 5 次使用过的密码相同',
  // SECURITY R01: older than PASSWORD_MAX_AGE_DAYS; the session may only change it, as after a first login.
  passwordExpired: '密码已过期，请修改密码',
  // SECURITY R07: a password an administrator chose must be replaced before the account does anything else.
  passwordChangeRequired: '首次登录请先修改密码',
  userCreated: '用户已创建，该用户首次登录须修改密码',
  passwordResetByAdmin: '密码已重置，该用户下次登录须修改密码',
  // SECURITY R11: an administrator ends an account's sessions, or everyone's but their own.
  sessionsEnded: '已结束该用户的全部会话，其所有设备须重新登录',
  allSessionsEnded: '已结束除您以外所有用户的会话',
  ownAccountPassword: '不能在用户管理中重置自己的密码，请在账号设置中修改',
  roleUnknown: '没有这个角色',
  usernameTaken: '该用户名已被注册',
  phoneTaken: '该手机号已被注册',
  registered: '注册成功，请在24小时内点击邮件中的链接激活账号',
  activated: '账号已激活，请登录',
  activationInvalid: '激活链接无效或已使用',
  activationExpired: '激活链接已过期（有效期24小时），请重新注册',
  ssoNotConfigured: '统一身份认证暂未开通',
  ssoStateInvalid: '登录请求无效或已过期，请重新登录',
  ssoProviderError: '统一身份认证服务暂不可用，请稍后重试',
  ssoTicketInvalid: '绑定凭证无效或已过期，请重新通过统一身份认证登录',
  ssoAlreadyBound: '该账号已绑定其他统一身份认证账号',
  ssoBound: '绑定成功',
  unitSwitched: '已切换当前单位',
  // Resource records (ADR 0010).
  recordSaved: '保存成功',
  recordDeleted: '删除成功',
  recordTransitioned: '操作成功',
  recordVersionConflict: '该记录已在其他窗口或设备上更新，请刷新后再操作',
  recordNotEditable: '当前状态下不能修改或删除该记录',
  ownRecord: '不能审核自己提交的记录',
  transitionAlreadyTaken: '您已执行过该操作，无需重复',
  massAssignment: '不能提交由系统决定的字段（状态、所有者、版本、时间等）',
  noCurrentUnit: '请先在账号中选择当前单位',
  organisationNotFound: '没有找到这个名称的已入驻单位，请输入单位全称',
  // Excel import and export (SECURITY R24, R25).
  xlsxNotWorkbook: '文件不是有效的 Excel 工作簿（.xlsx），请使用下载的导入模板填写后上传',
  xlsxTooManyEntries: '文件结构异常（压缩包内文件过多），已拒绝导入',
  xlsxTooLargeUncompressed: '文件解压后过大或结构异常，已拒绝导入',
  xlsxTooManyRows: '数据行数超过上限（每次最多 50000 行），请分批导入',
  xlsxTooManyColumns: '列数超过上限（最多 100 列），请使用导入模板',
  xlsxMissingColumns: '缺少必填列，请使用导入模板',
  xlsxNoRows: '文件中没有数据行，请在标题行下方填写后再上传',
  importInvalid: '导入数据有误，未导入任何记录，请按错误清单修改后重新上传',
  importRepeated: '该文件在24小时内已导入过；如确需再次导入，请勾选“仍然导入”',
  imported: '导入成功',
  targetNotFound: '没有找到对应的有效记录，请核对后重新填写',
  targetGone: '所涉及的记录已不在可处理的状态（可能已被撤销或处理），本次操作未生效',
  recordTampered: '该记录的完整性校验未通过，可能已被篡改，不能修改或办理，请联系系统管理员',
  schemaInvalid: 'schema 有误，请按提示修改后再发布',
  schemaUnchanged: '内容与线上版本相同，无需发布',
  schemaChanged: '这份 schema 已有人发布了新版本，请重新打开后再修改',
  schemaNeedsRestart: '这个资源文件夹启动时因有误被略过，不能在线发布：请修改文件后重启门户',
  // ADR 0045: a new x-unique that stored records already break (how many, never which values: they may be personal).
  uniqueDuplicates: '已有记录的取值重复，不能加上 x-unique：请先处理这些记录后再发布',
  uniqueDuplicatesDetail:
    '字段「{field}」已有 {records} 条已提交的记录与其他记录取值重复（同一取值最多出现 {largest} 次），不能加上 x-unique：请先修改或作废这些记录后再发布',
  schemaPublished: '已发布，各服务进程将在几秒内生效，无需重启',
  schemaRolledBack: '已回滚，各服务进程将在几秒内生效，无需重启',
  // Who may author what (issue 32, ADR 0041): one refusal per unit kind, so the message names what the role may not change.
  studioForbiddenActivity: '没有足够的权限：你的角色不能在表单设计中分析影响、发布或回滚申报活动，请联系系统管理员',
  studioForbiddenForm: '没有足够的权限：你的角色不能在表单设计中分析影响、发布或回滚表单，请联系系统管理员',
  studioForbiddenResource: '没有足够的权限：资源文件夹（记录类型及其流程、权限和诚信规则）只有系统管理员能在表单设计中分析影响、发布或回滚',
  studioForbiddenSite: '没有足够的权限：你的角色不能在表单设计中发布或回滚站点导航，请联系系统管理员',
  studioForbiddenDashboard: '没有足够的权限：你的角色不能在表单设计中发布或回滚统计看板，请联系系统管理员',
  studioForbiddenDictionary: '没有足够的权限：你的角色不能在表单设计中新建、发布或回滚字典，请联系系统管理员',
  studioForbiddenWorkflow: '没有足够的权限：共享工作流是几个资源文件夹的流程，只有系统管理员能在表单设计中分析影响、发布或回滚',
  // New units from the browser (ADR 0040).
  schemaCreated: '已新建，各服务进程将在几秒内生效，无需重启',
  schemaRetired: '已停用：活动不再出现在申报活动列表中，也不能开始新的申报',
  schemaNameTaken: '这个名称已被使用（线上、文件中或已发布的版本），请换一个名称',
  schemaNameInvalid:
    '名称不符合要求：申报活动的编号为 2–64 个小写字母、数字或连字符，以字母开头；表单名称为 1–64 个小写字母、数字或连字符，以字母开头；字典编码为 1–64 个小写字母、数字或下划线，以字母开头；记录类型的名称为 2–40 个小写字母、数字或连字符，以字母开头',
  schemaTemplateUnknown: '没有这个模板',
  activityRetired: '该申报活动已停用，不能开始新的申报',
  // Record types from the browser (ADR 0047).
  resourceRetired: '该记录类型已停用，不能再新建记录；已有的记录仍可查看',
  recordTypeRetired: '已停用：该记录类型不能再新建记录，已有的记录仍可在列表和详情中查看',
  // Forms and dictionaries retired (ADR 0055).
  formRetired: '该表单已停用，不能再提交；已提交的内容仍可查看',
  studioFormRetired: '已停用：该表单不能再提交，也不能被新的问卷引用；已提交的内容仍可查看',
  studioDictionaryRetired: '已停用：新的字段不能再引用这个字典；已经引用它的字段照常使用',
  studioRetireRefused: '不能停用：',
  // 三权分立 (SECURITY R19, ADR 0068): {held} is the administrator role the account already holds.
  adminDutiesSeparated: '该账号已是{held}：系统管理员、安全管理员和审计管理员须由不同账号担任，请先撤销原角色',
  // A password set for another administrator would let the one who set it act as them (ADR 0068).
  adminPasswordSeparated: '不能重置{held}的密码：该账号的密码由本人在账号设置中修改，遗失时由运维人员用 npm run admin:create 重新开设',
  // SECURITY R06 (ADR 0067): the second factor of a privileged login.
  secondFactorRequired: '请先完成第二步身份验证',
  mfaRequired: '请输入动态验证码完成登录',
  mfaEnrolRequired: '请先绑定身份验证器完成登录',
  mfaCodeInvalid: '验证码错误或已使用，请重新输入',
  mfaRecoveryCodeInvalid: '恢复码错误或已使用',
  mfaSmsNotAllowed: '该账号不能使用短信验证码，请使用身份验证器或恢复码',
  mfaAlreadyEnrolled: '已绑定身份验证器，如需更换请先解除绑定',
  mfaNotEnrolled: '尚未绑定身份验证器',
  mfaEnrolStarted: '请用身份验证器扫描二维码，并输入显示的 6 位验证码',
  mfaEnrolled: '身份验证器已绑定，请妥善保存恢复码',
  mfaReset: '已解除身份验证器绑定，请重新绑定',
  mfaCleared: '已清除该用户的身份验证器，其下次登录须重新绑定',
} as const;

export type ServerMessageKey = keyof typeof ZH_CN;

const EN_US: Record<ServerMessageKey, string> = {
  ok: 'ok',
  loginSucceeded: 'Logged in',
  logoutSucceeded: 'Logged out',
  messageCreated: 'Message sent',
  validationFailed: 'Some of the information is invalid; please check it and try again',
  badRequest: 'Invalid request parameters',
  invalidJson: 'The request body is not valid JSON',
  inputInvalidCharacter: 'The request contains characters that are not allowed; please remove them and try again',
  fieldInvalidCharacter: 'Contains a character that is not allowed (a NUL or an incomplete Unicode character); please remove it',
  inputTooDeep: 'The request is nested too deeply',
  fieldTooDeep: 'Nested too deeply',
  inputNumberOutOfRange: 'A number in the request is beyond the range the server can hold; please check it',
  fieldNumberOutOfRange: 'Number out of range',
  invalidCredentials: 'Incorrect username or password',
  unauthorized: 'Please log in',
  sessionIdleTimeout: 'Your session has timed out. Please log in again.',
  forbidden: 'You do not have sufficient permission',
  notFound: 'The requested resource does not exist',
  methodNotAllowed: 'Request method not supported',
  payloadTooLarge: 'The request body is too large',
  unsupportedMediaType: 'Unsupported content type; please send application/json',
  tooManyRequests: 'Too many requests; please try again later',
  idempotencyKeyInvalid: 'Invalid Idempotency-Key header (1–255 visible ASCII characters, such as a UUID)',
  idempotencyKeyReused: 'This Idempotency-Key was used with a different request; use a new key for a new submission',
  idempotencyKeyInFlight: 'The same submission is still being processed; please try again shortly',
  idempotencyKeyCommitted: 'This submission has already been processed; refresh the page to see the result',
  internalError: 'Internal server error; please try again later',
  serviceUnavailable: 'Service temporarily unavailable; please try again later',
  saved: 'Saved',
  submitted: 'Submitted',
  withdrawn: 'Withdrawn',
  reviewed: 'Review recorded',
  uploaded: 'Uploaded',
  applicationNotFound: 'There is no application for this activity yet; please start one first',
  dashboardNotFound: 'There is no such dashboard, or you may not see it',
  unknownStep: 'This activity has no such step',
  versionConflict: 'This application was updated in another window or on another device; please reload before editing',
  notEditable: 'The application has been submitted and cannot be changed now',
  illegalTransition: 'This action is not allowed in the current status',
  notQualified: 'Your account is not yet qualified to apply',
  accountFrozen: 'Your account is frozen and cannot apply or publish for now; see your account centre for how to unfreeze it',
  windowNotOpen: 'The application period has not started yet',
  windowClosed: 'The application period has ended',
  ownApplication: 'You cannot review your own application',
  notUniqueField: 'This field is not checked for duplicates',
  attachmentInvalid: 'Invalid attachment; please upload it again',
  notUploadField: 'This field does not accept uploads',
  uploadIncomplete: 'Send the activity, step and field first, then one file',
  fileEmpty: 'The uploaded file is empty',
  fileTooLarge: 'The file is too large',
  fileTypeNotAllowed: 'This file type is not allowed',
  imageUnreadable: 'The image is damaged or cannot be read; please choose another file',
  uploadQuotaFiles: 'You have reached the limit on the number of uploaded files; remove files you no longer need first',
  uploadQuotaBytes: 'You have reached the limit on the total size of uploaded files; remove files you no longer need first',
  multipartRequired: 'Upload the file as multipart/form-data',
  multipartMalformed: 'The upload is incomplete or malformed; please upload it again',
  captchaRequired: 'Please enter the verification code',
  captchaInvalid: 'Incorrect verification code',
  captchaExpired: 'The verification code has expired; click the image for a new one',
  accountInactive: 'This account is not activated yet; please follow the link in the activation e-mail',
  smsSent: 'The verification code has been sent; it is valid for 5 minutes',
  smsTooFrequent: 'Verification codes are being requested too often; please try again later',
  smsCodeInvalid: 'The SMS verification code is wrong or no longer valid; please request a new one',
  passwordMismatch: 'The two passwords do not match',
  passwordReset: 'Your password has been reset; please log in with the new password',
  passwordChanged: 'Password changed',
  oldPasswordWrong: 'The current password is incorrect',
  passwordSameAsOld: 'The new password must differ from the current one',
  passwordReused: 'The new password must not be one of your last 5 passwords',
  passwordExpired: 'Your password has expired; please change it',
  passwordChangeRequired: 'Please change your password before continuing',
  userCreated: 'User created; they must change the password at their first login',
  passwordResetByAdmin: 'Password reset; the user must change it at their next login',
  sessionsEnded: "All of the user's sessions have ended; every device must log in again",
  allSessionsEnded: 'Every session but your own has ended',
  ownAccountPassword: 'You cannot reset your own password here; change it in your account settings',
  roleUnknown: 'There is no such role',
  usernameTaken: 'This username is already registered',
  phoneTaken: 'This mobile number is already registered',
  registered: 'Registered; please activate the account within 24 hours through the link in the e-mail',
  activated: 'Your account is activated; please log in',
  activationInvalid: 'This activation link is invalid or has already been used',
  activationExpired: 'This activation link has expired (valid for 24 hours); please register again',
  ssoNotConfigured: 'Single sign-on is not available',
  ssoStateInvalid: 'This login request is invalid or has expired; please log in again',
  ssoProviderError: 'The single sign-on service is unavailable; please try again later',
  ssoTicketInvalid: 'The binding ticket is invalid or has expired; please sign in through single sign-on again',
  ssoAlreadyBound: 'This account is already bound to another single sign-on identity',
  ssoBound: 'Account bound',
  unitSwitched: 'Current unit switched',
  recordSaved: 'Saved',
  recordDeleted: 'Deleted',
  recordTransitioned: 'Done',
  recordVersionConflict: 'This record was changed in another window or on another device; please reload and try again',
  recordNotEditable: 'This record cannot be changed or deleted in its current status',
  ownRecord: 'You cannot review a record you submitted yourself',
  transitionAlreadyTaken: 'You have already done this',
  massAssignment: 'Fields decided by the system (status, owner, version, times…) cannot be submitted',
  noCurrentUnit: 'Please choose your current unit in your account first',
  organisationNotFound: 'No settled organisation has this name; please enter its full name',
  xlsxNotWorkbook: 'The file is not a valid Excel workbook (.xlsx); fill in the downloaded import template and upload it',
  xlsxTooManyEntries: 'The file has an unusual structure (too many parts) and was refused',
  xlsxTooLargeUncompressed: 'The file is too large once unpacked, or malformed, and was refused',
  xlsxTooManyRows: 'Too many rows (at most 50,000 per import); import in batches',
  xlsxTooManyColumns: 'Too many columns (at most 100); use the import template',
  xlsxMissingColumns: 'Required columns are missing; use the import template',
  xlsxNoRows: 'The file has no data rows; fill them in below the heading row',
  importInvalid: 'The data has errors and nothing was imported; correct the listed errors and upload again',
  importRepeated: 'This file was already imported in the last 24 hours; tick "import anyway" to import it again',
  imported: 'Imported',
  targetNotFound: 'No matching record in force was found; please check and fill in again',
  targetGone: 'The record this concerns can no longer be changed (it may have been revoked or handled); nothing was done',
  recordTampered:
    'This record failed its integrity check and may have been tampered with; it cannot be changed or handled. Please contact the administrator',
  schemaInvalid: 'The schema has problems; fix them as shown before publishing',
  schemaUnchanged: 'This is the same as the live version; there is nothing to publish',
  schemaChanged: 'Someone has published a newer version of this schema; reopen it before editing',
  schemaNeedsRestart:
    'This resource folder was left out at start-up because of its problems, so it cannot be published live: fix its files and restart the portal',
  uniqueDuplicates: 'Stored records already share values, so x-unique cannot be added; deal with those records before publishing',
  uniqueDuplicatesDetail:
    'Field "{field}": {records} submitted records share their value with another record (one value appears {largest} times), so x-unique cannot be added; change or withdraw those records before publishing',
  schemaPublished: 'Published: every server process uses it within seconds, without a restart',
  schemaRolledBack: 'Rolled back: every server process uses it within seconds, without a restart',
  studioForbiddenActivity:
    'You do not have sufficient permission: your role cannot weigh, publish or roll back activities in the schema studio; ask an administrator',
  studioForbiddenForm:
    'You do not have sufficient permission: your role cannot weigh, publish or roll back forms in the schema studio; ask an administrator',
  studioForbiddenResource:
    'You do not have sufficient permission: only an administrator may weigh, publish or roll back resource folders (record types, their workflows, permissions and integrity rules) in the schema studio',
  studioForbiddenSite:
    'You do not have sufficient permission: your role cannot publish or roll back the site navigation in the schema studio; ask an administrator',
  studioForbiddenDashboard:
    'You do not have sufficient permission: your role cannot publish or roll back dashboards in the schema studio; ask an administrator',
  studioForbiddenDictionary:
    'You do not have sufficient permission: your role cannot create, publish or roll back dictionaries in the schema studio; ask an administrator',
  studioForbiddenWorkflow:
    'You do not have sufficient permission: a shared workflow is the workflow of several resource folders; only an administrator may weigh, publish or roll it back in the schema studio',
  schemaCreated: 'Created: every server process uses it within seconds, without a restart',
  schemaRetired: 'Retired: the activity is no longer listed and takes no new applications',
  schemaNameTaken: 'This name is already used (live, in the files or by a published version); choose another',
  schemaNameInvalid:
    'The name does not fit: an activity id has 2 to 64 lower-case letters, digits or hyphens and starts with a letter; a form name has 1 to 64 and starts with a letter; a dictionary code has 1 to 64 lower-case letters, digits or underscores and starts with a letter; a record type name has 2 to 40 and starts with a letter',
  schemaTemplateUnknown: 'There is no such template',
  activityRetired: 'This activity has been retired and takes no new applications',
  resourceRetired: 'This record type has been retired and takes no new records; existing records can still be read',
  recordTypeRetired: 'Retired: the record type takes no new records; existing ones stay in its lists and details',
  formRetired: 'This form has been retired and takes no new submissions; what was submitted can still be read',
  studioFormRetired:
    'Retired: the form takes no new submissions and no new questionnaire may name it; what was submitted can still be read',
  studioDictionaryRetired: 'Retired: no new field may name this dictionary; the fields that already do work as before',
  studioRetireRefused: 'Cannot retire: ',
  adminDutiesSeparated:
    'This account is already {held}: the system, security and audit administrators must be different accounts; revoke that role first',
  adminPasswordSeparated:
    'You cannot reset the password of a {held}: its owner changes it in the account settings, and operations staff open a new one with npm run admin:create if it is lost',
  secondFactorRequired: 'Please complete the second step of the login first',
  mfaRequired: 'Enter the code from your authenticator to finish logging in',
  mfaEnrolRequired: 'Set up an authenticator to finish logging in',
  mfaCodeInvalid: 'The code is wrong or has been used; please try again',
  mfaRecoveryCodeInvalid: 'The recovery code is wrong or has been used',
  mfaSmsNotAllowed: 'This account cannot use an SMS code; use your authenticator or a recovery code',
  mfaAlreadyEnrolled: 'An authenticator is already set up; remove it first to change it',
  mfaNotEnrolled: 'No authenticator is set up',
  mfaEnrolStarted: 'Scan the QR code with your authenticator and enter the 6-digit code it shows',
  mfaEnrolled: 'Authenticator set up; keep your recovery codes safe',
  mfaReset: 'Authenticator removed; please set one up again',
  mfaCleared: "The user's authenticator is cleared; they set up a new one at their next login",
};

const CATALOGUE: Record<Locale, Record<ServerMessageKey, string>> = { 'zh-CN': ZH_CN, 'en-US': EN_US };

export function serverMessage(key: ServerMessageKey, locale: Locale): string {
  return CATALOGUE[locale][key];
}

/** The message for an HTTP error status that no handler worded itself. */
export function messageKeyForStatus(status: number): ServerMessageKey {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 405:
      return 'methodNotAllowed';
    case 413:
      return 'payloadTooLarge';
    case 415:
      return 'unsupportedMediaType';
    case 429:
      return 'tooManyRequests';
    case 503:
      return 'serviceUnavailable';
    default:
      return status >= 500 ? 'internalError' : 'badRequest';
  }
}
