import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Form as AntForm,
  Input,
  Modal,
  Radio,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { StudioImpactReport, StudioProblem, StudioPublication, StudioUnit, StudioUnitQuery } from '../../../shared/generated';
import { useLoad } from '../../hooks/use-load';
import { useLocale } from '../../i18n/locale-store';
import { textsFor } from '../../i18n/texts';
import { CreateUnitDialog } from '../../studio/create-unit-dialog';
import { ImpactReportView } from '../../studio/impact-report-view';
import {
  asStudioFiles,
  checkStudioUnit,
  fetchImpact,
  fetchStudioUnit,
  fetchStudioUnits,
  fetchVersions,
  publishUnit,
  rollbackUnit,
  type StudioFiles,
} from '../../studio/studio-api';
import { StudioFileEditor } from '../../studio/studio-file-editor';
import { RetireUnitButton } from '../../studio/retire-unit-button';
import { RetiredTag } from '../../studio/retired-tag';
import { previewOf, StudioPreview, type PreviewContent } from '../../studio/studio-preview';
import { studioTextsFor } from '../../studio/studio-texts';
import { useCreatableKinds } from '../../studio/use-creatable-kinds';
import { useUnsavedGuard } from '../../studio/use-unsaved-guard';
import { VersionsList } from '../../studio/versions-list';
import { useFeedback } from '../../feedback/use-feedback';

const CHECK_DELAY_MS = 400;
// One empty list, so the editor's problems change only when the server's answer does.
const NO_PROBLEMS: StudioProblem[] = [];
const SPIN = <Spin style={{ display: 'block', margin: '96px auto' }} />;

type CheckState = { status: 'idle' | 'checking' | 'unavailable' } | { status: 'done'; problems: StudioProblem[]; version?: string };

/** The kinds of unit, in the order the picker groups them (the server lists them in this order too). */
const KINDS: readonly StudioUnitQuery['kind'][] = ['activity', 'form', 'resource', 'site', 'dashboard', 'dictionary', 'workflow'];
const isKind = (value: string | null): value is StudioUnitQuery['kind'] => KINDS.some((kind) => kind === value);

const unitKey = (unit: StudioUnitQuery | undefined) => (unit ? `${unit.kind}:${unit.name}` : '');
const filesKey = (files: StudioFiles) => JSON.stringify(files);

/** A problem's file relative to the unit, as the editor's tabs name them: a one-file unit (a form, the navigation) is named by its file. */
function fileOf(problem: StudioProblem, unit: StudioUnit): string {
  const prefix = unit.path.endsWith('.json') ? unit.path.slice(0, unit.path.lastIndexOf('/') + 1) : `${unit.path}/`;
  return problem.file.startsWith(prefix) ? problem.file.slice(prefix.length) : problem.file;
}

/**
 * 表单设计 (issue 17, ADR 0026): pick an activity folder, a form, a resource folder or the site's
 * navigation (ADR 0033), edit its files with the problems schemas:check would report shown as you
 * type, try it in the engine's preview, see which stored drafts and records the change breaks,
 * publish (live in every process without a restart) or roll back.
 */
export default function SchemaStudioPage() {
  const locale = useLocale();
  const texts = studioTextsFor(locale);
  const { message } = useFeedback();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const selected: StudioUnitQuery | undefined =
    params.get('name') && isKind(kindParam) ? { kind: kindParam, name: params.get('name') ?? '' } : undefined;
  const units = useLoad(fetchStudioUnits, 'units');
  const [reloads, setReloads] = useState(0);
  const unit = useLoad(() => (selected ? fetchStudioUnit(selected) : Promise.resolve(undefined)), `${unitKey(selected)}#${reloads}`);
  const versions = useLoad(() => (selected ? fetchVersions(selected) : Promise.resolve([])), `${unitKey(selected)}#${reloads}`);

  const [files, setFiles] = useState<StudioFiles>({});
  const [activeFile, setActiveFile] = useState('');
  const [check, setCheck] = useState<CheckState>({ status: 'idle' });
  const [preview, setPreview] = useState<PreviewContent>();
  const [impact, setImpact] = useState<{ report: StudioImpactReport; files: string }>();
  const [impactRunning, setImpactRunning] = useState(false);
  const [publishOpen, setPublishOpen] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [drafts, setDrafts] = useState<'keep' | 'move'>('keep');
  const [note, setNote] = useState('');
  const [createOpen, setCreateOpen] = useState(false);
  const creatable = useCreatableKinds();
  const checkSeq = useRef(0);

  useEffect(() => {
    document.title = `${texts.title} - ${textsFor(locale).portalName}`;
  }, [texts, locale]);

  // A unit (re)opened: its files as they are live, the first one in the editor.
  useEffect(() => {
    const opened = unit.value;
    if (!opened) return;
    setFiles(asStudioFiles(opened.files));
    setActiveFile((current) =>
      current in opened.files
        ? current
        : (Object.keys(opened.files).find((name) => name !== 'manifest.json') ?? Object.keys(opened.files)[0] ?? ''),
    );
    setImpact(undefined);
    setPreview(undefined);
  }, [unit.value]);

  // Checked on the server a moment after each edit: the same problems as schemas:check, and the preview.
  const current = filesKey(files);
  useEffect(() => {
    if (!selected || Object.keys(files).length === 0) return;
    const seq = ++checkSeq.current;
    setCheck({ status: 'checking' });
    const timer = setTimeout(() => {
      checkStudioUnit(selected, files).then(
        (result) => {
          if (seq !== checkSeq.current) return;
          setCheck({ status: 'done', problems: result.problems, ...(result.version ? { version: result.version } : {}) });
          if (result.preview && result.version) {
            setPreview(previewOf(selected, result.preview, result.version));
          }
        },
        () => seq === checkSeq.current && setCheck({ status: 'unavailable' }),
      );
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
    // `files` is compared by content.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose, as the comment above says
  }, [current, unitKey(selected)]);

  const opened = unit.value;
  // The server says whether the caller's role may publish this unit's kind (ADR 0041); the others open read-only.
  const canPublish = opened?.canPublish === true;
  const problems = check.status === 'done' ? check.problems : NO_PROBLEMS;
  const problemsOf = useMemo(
    () => (file: string) => (opened ? problems.filter((problem) => fileOf(problem, opened) === file) : []),
    [problems, opened],
  );
  const changed = opened !== undefined && filesKey(asStudioFiles(opened.files)) !== current;
  const checked = check.status === 'done' && check.problems.length === 0;
  const activeProblems = useMemo(() => problemsOf(activeFile), [problemsOf, activeFile]);
  useUnsavedGuard(changed, texts);

  // The navigation's title is the studio's own words, in the interface language; a folder's or form's is its file's.
  const titleOf = (entry: { kind: StudioUnitQuery['kind']; title: string }) => (entry.kind === 'site' ? texts.siteTitle : entry.title);

  const choose = (value: string) => {
    const [kind = '', name = ''] = value.split(':');
    setParams({ kind, name });
  };

  const runImpact = async () => {
    if (!selected) return;
    setImpactRunning(true);
    try {
      setImpact({ report: await fetchImpact(selected, files), files: current });
    } catch {
      // The HTTP client has said why.
    } finally {
      setImpactRunning(false);
    }
  };

  const publish = async () => {
    if (!selected || !opened) return;
    setPublishing(true);
    try {
      const result = await publishUnit(selected, { files, baseVersion: opened.version, drafts, ...(note ? { note } : {}) });
      void message.success(result.message);
      setPublishOpen(false);
      setNote('');
      setReloads((n) => n + 1);
      // Its entry in the unit list may change: a title, or the 已停用 mark published away.
      units.retry();
    } catch {
      // The HTTP client has said why (a 409 means someone else published: reopen).
    } finally {
      setPublishing(false);
    }
  };

  const rollback = async (publication: StudioPublication) => {
    if (!selected || !opened) return;
    try {
      const result = await rollbackUnit(selected, { publicationId: publication.id, baseVersion: opened.version });
      void message.success(result.message);
      setReloads((n) => n + 1);
      units.retry();
    } catch {
      // The HTTP client has said why.
    }
  };

  const unitOptions = (units.value ?? []).reduce<{ label: string; options: { value: string; label: React.ReactNode }[] }[]>(
    (groups, entry) => {
      const group = groups[KINDS.indexOf(entry.kind)];
      group?.options.push({
        value: `${entry.kind}:${entry.name}`,
        label: (
          <span>
            {titleOf(entry)} <Typography.Text type="secondary">{entry.path}</Typography.Text>{' '}
            {entry.problems.length > 0 && <Tag color="red">{texts.skippedTag}</Tag>}
            {!entry.canPublish && <Tag>{texts.readOnlyTag}</Tag>}
            {entry.retired && <RetiredTag label={texts.retiredTag} />}
          </span>
        ),
      });
      return groups;
    },
    [
      { label: texts.groupActivities, options: [] },
      { label: texts.groupForms, options: [] },
      { label: texts.groupResources, options: [] },
      { label: texts.groupSite, options: [] },
      { label: texts.groupDashboards, options: [] },
      { label: texts.groupDictionaries, options: [] },
      { label: texts.groupWorkflows, options: [] },
    ],
  );

  const checkStatus =
    check.status === 'checking' ? (
      <Typography.Text type="secondary">{texts.checking}</Typography.Text>
    ) : check.status === 'unavailable' ? (
      <Typography.Text type="warning">{texts.checkUnavailable}</Typography.Text>
    ) : check.status === 'done' ? (
      check.problems.length === 0 ? (
        <Typography.Text type="success">{texts.checkOk}</Typography.Text>
      ) : (
        <Typography.Text type="danger">{texts.checkFailed(check.problems.length)}</Typography.Text>
      )
    ) : null;

  return (
    <Space direction="vertical" size="large" style={{ width: '100%', padding: 24 }}>
      <div>
        <Typography.Title level={2}>{texts.title}</Typography.Title>
        <Typography.Paragraph type="secondary">{texts.intro}</Typography.Paragraph>
      </div>
      {units.failed ? (
        <Result status="error" title={texts.loadFailed} extra={<Button onClick={units.retry}>{texts.retry}</Button>} />
      ) : !units.value ? (
        SPIN
      ) : units.value.length === 0 ? (
        <Empty description={texts.emptyUnits} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <label htmlFor="studio-unit">{texts.unitLabel}</label>
          <Select
            id="studio-unit"
            style={{ width: '100%', maxWidth: 640 }}
            placeholder={texts.unitPlaceholder}
            value={selected ? unitKey(selected) : undefined}
            onChange={choose}
            options={unitOptions}
            showSearch
            optionFilterProp="value"
          />
          {creatable.length > 0 && <Button onClick={() => setCreateOpen(true)}>{texts.create}</Button>}
        </Space>
      )}
      {!selected ? (
        units.value && units.value.length > 0 && <Empty description={texts.chooseUnit} />
      ) : unit.failed ? (
        <Result status="error" title={texts.loadFailed} extra={<Button onClick={unit.retry}>{texts.retry}</Button>} />
      ) : !opened ? (
        SPIN
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} xxl={12}>
            <Card
              title={
                <Space>
                  {titleOf(opened)}
                  <Typography.Text type="secondary">{opened.path}</Typography.Text>
                  {changed && <Tag color="blue">{texts.unsaved}</Tag>}
                  {!canPublish && <Tag>{texts.readOnlyTag}</Tag>}
                </Space>
              }
              extra={
                <Space>
                  {canPublish && !changed && (
                    <RetireUnitButton
                      unit={opened}
                      texts={texts}
                      onRetired={() => {
                        setReloads((n) => n + 1);
                        // The unit list marks it 已停用.
                        units.retry();
                      }}
                    />
                  )}
                  {changed && <Button onClick={() => setFiles(asStudioFiles(opened.files))}>{texts.reset}</Button>}
                  {/* The impact report reads the kind's stored records: its authors' step before publishing, as the server holds. */}
                  {canPublish && (
                    <Button onClick={() => void runImpact()} loading={impactRunning} disabled={!checked || !opened.live}>
                      {texts.impact}
                    </Button>
                  )}
                  {canPublish && (
                    <Button type="primary" onClick={() => setPublishOpen(true)} disabled={!checked || !changed}>
                      {texts.publish}
                    </Button>
                  )}
                </Space>
              }
            >
              {!canPublish && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={texts.readOnlyNote} />}
              {selected.kind === 'resource' && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={texts.resourceLiveRule} />}
              {selected.kind === 'site' && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={texts.siteLiveRule} />}
              {selected.kind === 'dictionary' && (
                <Alert type="info" showIcon style={{ marginBottom: 12 }} message={texts.dictionaryLiveRule} />
              )}
              {selected.kind === 'workflow' && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={texts.workflowLiveRule} />}
              {opened.problems.length > 0 && !changed && (
                <Alert
                  type="error"
                  showIcon
                  style={{ marginBottom: 12 }}
                  message={texts.startupProblems}
                  description={<ProblemList problems={opened.problems} />}
                />
              )}
              <Tabs
                className="kc-scroll-tabs"
                activeKey={activeFile}
                onChange={setActiveFile}
                items={Object.keys(files).map((file) => ({
                  key: file,
                  label: (
                    <span>
                      {file} {problemsOf(file).length > 0 && <Tag color="red">{problemsOf(file).length}</Tag>}
                    </span>
                  ),
                }))}
              />
              <StudioFileEditor
                kind={selected.kind}
                file={activeFile}
                files={files}
                onFilesChange={setFiles}
                onOpenFile={setActiveFile}
                label={texts.editorLabel(activeFile)}
                problems={activeProblems}
                readOnly={!canPublish}
              />
              <div role="status" aria-live="polite" data-testid="studio-check" style={{ marginTop: 8 }}>
                {checkStatus}
              </div>
              {problems.length > 0 && (
                <Alert
                  type="error"
                  style={{ marginTop: 8 }}
                  message={texts.problemsTitle}
                  description={<ProblemList problems={problems} />}
                />
              )}
            </Card>
          </Col>
          <Col xs={24} xxl={12}>
            <Space direction="vertical" size="large" style={{ width: '100%' }}>
              <Card title={texts.preview}>
                <StudioPreview content={preview} stale={check.status === 'done' && check.problems.length > 0} texts={texts} />
              </Card>
              {(impact || impactRunning) && (
                <Card title={texts.impact}>
                  {impact ? (
                    <ImpactReportView report={impact.report} stale={impact.files !== current} texts={texts} locale={locale} />
                  ) : (
                    SPIN
                  )}
                </Card>
              )}
              <Card title={texts.versions}>
                {versions.value ? (
                  <VersionsList versions={versions.value} texts={texts} canRollback={canPublish && opened.live} onRollback={rollback} />
                ) : (
                  SPIN
                )}
              </Card>
            </Space>
          </Col>
        </Row>
      )}
      <CreateUnitDialog
        open={createOpen}
        kinds={creatable}
        units={units.value ?? []}
        texts={texts}
        locale={locale}
        onClose={() => setCreateOpen(false)}
        onCreated={(created) => {
          setCreateOpen(false);
          units.retry();
          setParams({ kind: created.kind, name: created.name });
        }}
      />
      <Modal
        open={publishOpen}
        title={texts.publishTitle}
        okText={texts.publishConfirm}
        cancelText={texts.cancel}
        confirmLoading={publishing}
        onOk={() => void publish()}
        onCancel={() => setPublishOpen(false)}
      >
        {!impact && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message={
              <Space>
                {texts.impactFirst}
                <Button size="small" onClick={() => void runImpact()} loading={impactRunning}>
                  {texts.impact}
                </Button>
              </Space>
            }
          />
        )}
        {impact && (
          <Alert
            type={impact.report.failing > 0 ? 'warning' : 'success'}
            showIcon
            style={{ marginBottom: 12 }}
            message={texts.impactSummary(impact.report.checked, impact.report.failing)}
          />
        )}
        <AntForm layout="vertical">
          {selected?.kind === 'activity' && (
            <AntForm.Item label={texts.draftsLabel}>
              <Radio.Group value={drafts} onChange={(event) => setDrafts(event.target.value as 'keep' | 'move')}>
                <Space direction="vertical">
                  <Radio value="keep">{texts.draftsKeep}</Radio>
                  <Radio value="move">{texts.draftsMove}</Radio>
                </Space>
              </Radio.Group>
            </AntForm.Item>
          )}
          <AntForm.Item label={texts.noteLabel} htmlFor="studio-note">
            <Input id="studio-note" value={note} maxLength={200} onChange={(event) => setNote(event.target.value)} />
          </AntForm.Item>
        </AntForm>
      </Modal>
    </Space>
  );
}

function ProblemList({ problems }: { problems: readonly StudioProblem[] }) {
  return (
    <ul style={{ margin: 0, paddingInlineStart: 16 }}>
      {problems.map((problem, index) => (
        <li key={`${problem.file}#${problem.pointer}#${index}`}>
          <Typography.Text code>
            {problem.file}#{problem.pointer}
          </Typography.Text>{' '}
          {problem.message}
        </li>
      ))}
    </ul>
  );
}
