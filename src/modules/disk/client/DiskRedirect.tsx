import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-admin';
import { api } from '../../../client/providers/http';
import { ErrorState, LoadingState } from '../../../client/screens/common/QueryStates';
import { diskCalls, diskKey, diskPaths, type DiskEntryDetails } from './diskApi';

/** dysk: SPEC 4 "the disk with no folder id redirects to the root folder id" (GET .../module/files). */
export default function DiskRedirect() {
  const { service_id: serviceId = '' } = useParams();
  const root = useQuery({
    queryKey: [...diskKey(serviceId), 'root'],
    queryFn: ({ signal }) => api<DiskEntryDetails>(diskCalls.root(serviceId), { signal }),
  });
  if (root.isPending) return <LoadingState />;
  if (root.isError) return <ErrorState error={root.error} />;
  return <Navigate to={diskPaths.folder(serviceId, root.data.id)} replace />;
}
