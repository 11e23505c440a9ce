import type { ActivityManifestFile } from '../generated/activity-manifest-file';
import type { JsonSchema } from '../schema/json-schema';

type ManifestStep = ActivityManifestFile['steps'][number];

/** One step of a template: its manifest entry (the schema file is named after the key) and its schema without `$schema`, `$id` and `title`. */
export interface TemplateStep extends Omit<ManifestStep, 'schema'> {
  schema: JsonSchema;
}

/** A starting point for a new activity in the studio (ADR 0040): data, so a new one needs no other change. */
export interface ActivityTemplate {
  /** What the create request names it by. */
  name: string;
  label: { 'zh-CN': string; 'en-US': string };
  summary: string;
  steps: TemplateStep[];
}

const FILE_REF = { $ref: 'https://schemas.kechuang.local/api/file-ref.schema.json' };

const companyName: JsonSchema = { type: 'string', title: '单位名称', minLength: 2, maxLength: 100, 'x-order': 1 };
const creditCode: JsonSchema = {
  type: 'string',
  title: '统一社会信用代码',
  description: '营业执照上的18位统一社会信用代码，字母须大写。',
  minLength: 18,
  maxLength: 18,
  pattern: '^[0-9A-HJ-NPQRTUWXY]{2}\\d{6}[0-9A-HJ-NPQRTUWXY]{10}$',
  format: 'uscc',
  'x-order': 2,
};
const contactName: JsonSchema = { type: 'string', title: '联系人', maxLength: 30, 'x-order': 3 };
const contactMobile: JsonSchema = {
  type: 'string',
  title: '联系人手机',
  description: '请填写联系人的11位手机号码。',
  maxLength: 20,
  format: 'mobile',
  'x-order': 4,
};

/** A company's basic information: the first step of both templates. */
const basicStep: TemplateStep = {
  key: 'basic',
  title: '基本信息',
  route: 'companyInfo',
  resource: 'enterprise',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['companyName', 'creditCode', 'contactName', 'contactMobile'],
    properties: { companyName, creditCode, contactName, contactMobile },
  },
};

const uploadField = (title: string, order: number, required: boolean): JsonSchema => ({
  type: 'array',
  title,
  description: '支持PDF、JPG、PNG格式，每个文件不超过10 MB，最多3个文件。',
  ...(required ? { minItems: 1 } : {}),
  maxItems: 3,
  'x-component': 'Upload',
  'x-upload': { accept: ['pdf', 'jpg', 'png'], maxSize: 10 * 1024 * 1024 },
  'x-order': order,
  items: FILE_REF,
});

const attachmentsStep = (fields: Record<string, JsonSchema>, required: string[]): TemplateStep => ({
  key: 'attachments',
  title: '附件',
  route: 'attachmentInfo',
  resource: 'attachment',
  schema: { type: 'object', additionalProperties: false, required, properties: fields },
});

/** The blank activity: one step with one required text field, to be edited in the studio. */
export const BLANK_ACTIVITY: ActivityTemplate = {
  name: 'blank',
  label: { 'zh-CN': '空白', 'en-US': 'Blank' },
  summary: '请在表单设计中填写活动简介。',
  steps: [
    {
      key: 'basic',
      title: '基本信息',
      schema: {
        type: 'object',
        additionalProperties: false,
        required: ['projectName'],
        properties: { projectName: { type: 'string', title: '项目名称', minLength: 2, maxLength: 50 } },
      },
    },
  ],
};

/** The studio's activity templates, in the order the dialog offers them. */
export const ACTIVITY_TEMPLATES: readonly ActivityTemplate[] = [
  {
    name: 'basic-attachments',
    label: { 'zh-CN': '基本信息 + 附件', 'en-US': 'Basic information + attachments' },
    summary: '请填写单位基本信息并上传营业执照等附件。',
    steps: [
      basicStep,
      attachmentsStep({ license: uploadField('营业执照', 1, true), other: uploadField('其他材料', 2, false) }, ['license']),
    ],
  },
  {
    name: 'project-application',
    label: { 'zh-CN': '项目申报', 'en-US': 'Project application' },
    summary: '请填写申报单位、项目信息，并上传项目申报书。',
    steps: [
      basicStep,
      {
        key: 'project',
        title: '项目信息',
        route: 'projectInfo',
        resource: 'project',
        schema: {
          type: 'object',
          additionalProperties: false,
          required: ['projectName', 'field', 'budget', 'summary'],
          properties: {
            projectName: { type: 'string', title: '项目名称', minLength: 2, maxLength: 50, 'x-order': 1 },
            field: {
              type: 'string',
              title: '技术领域',
              enum: ['electronics', 'biomedicine', 'newMaterials', 'newEnergy', 'other'],
              'x-enum-labels': ['电子信息', '生物医药', '新材料', '新能源', '其他'],
              'x-component': 'Select',
              'x-order': 2,
            },
            budget: { type: 'number', title: '项目预算（万元）', minimum: 0, maximum: 100000, 'x-component': 'NumberPicker', 'x-order': 3 },
            summary: { type: 'string', title: '项目简介', minLength: 10, maxLength: 1000, 'x-component': 'Input.TextArea', 'x-order': 4 },
          },
        },
      },
      attachmentsStep({ proposal: uploadField('项目申报书', 1, true) }, ['proposal']),
    ],
  },
];
