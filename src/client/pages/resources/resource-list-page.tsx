import { useParams } from 'react-router-dom';
import { SchemaList } from '../../engine/schema-list';

/** /resources/:resource/lists/:list — any list file of any resource folder. */
export default function ResourceListPage() {
  const { resource = '', list = '' } = useParams();
  return <SchemaList resource={resource} list={list} />;
}
