import { useParams, useSearchParams } from 'react-router-dom';
import { SchemaRecordForm } from '../../engine/schema-record-form';
import { getToken } from '../../session/session-store';

/** /resources/:resource/new and /resources/:resource/edit?id= — a record's form from its record schema. */
export default function ResourceFormPage() {
  const { resource = '' } = useParams();
  const [search] = useSearchParams();
  const id = search.get('id');
  return <SchemaRecordForm resource={resource} signedIn={getToken() !== null} {...(id ? { id } : {})} />;
}
