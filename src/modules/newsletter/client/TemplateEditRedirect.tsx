import { Navigate, useParams } from 'react-router';
import { routePath } from '../../../common/schema/paths';
import { moduleOf } from '../../../client/schema/registry';

/** szablony/edytuj/{template_id}, the template edit screen's former address: on to SPEC 2's szablony/{template_id}/edytuj. */
export default function TemplateEditRedirect() {
  const params = useParams() as Record<string, string>;
  return <Navigate to={routePath(moduleOf('templates').admin, 'edit', params)} replace />;
}
