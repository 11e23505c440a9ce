import { useParams, useSearchParams } from 'react-router-dom';
import { SchemaDetail } from '../../engine/schema-detail';
import { useAuth } from '../../permissions/use-auth';

/** /resources/:resource/detail?id= — one record of any resource folder. */
export default function ResourceDetailPage() {
  const { resource = '' } = useParams();
  const [search] = useSearchParams();
  const can = useAuth();
  return <SchemaDetail resource={resource} id={search.get('id') ?? ''} can={can} />;
}
