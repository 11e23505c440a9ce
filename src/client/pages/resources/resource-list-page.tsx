import { useParams } from 'react-router-dom';
import { SchemaList } from '../../engine/schema-list';
import { useAuth } from '../../permissions/use-auth';

/**
 * /resources/:resource/lists/:list — any list file of any resource folder; with `resource` and
 * `list` given, the same page at a path of the spec (我的申报, 审核管理, 操作日志).
 */
export default function ResourceListPage(fixed: { resource?: string; list?: string }) {
  const params = useParams();
  const can = useAuth();
  const resource = fixed.resource ?? params['resource'] ?? '';
  const list = fixed.list ?? params['list'] ?? '';
  return <SchemaList resource={resource} list={list} can={can} />;
}
