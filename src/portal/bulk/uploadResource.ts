import { lazyWithReload } from '../data/chunkReload';
import type { PortalResource } from '../resources';
import { withScreenFallback } from '../resources/withScreenFallback';

const BulkUploadScreen = withScreenFallback(lazyWithReload(() => import('./BulkUploadScreen')));

/**
 * The bulk uploads' resource with the upload screen as its create screen (`/bulk_upload/create`):
 * the uploads list then offers it in its toolbar, labelled `resources.bulk_upload.action.create`,
 * behind the resource's own gate. The API's create is its own route (`src/server/bulk`).
 */
export function withUploadScreen(resource: PortalResource): PortalResource {
  if (resource.entity.$id !== 'bulk_upload') return resource;
  return { ...resource, props: { ...resource.props, create: BulkUploadScreen } };
}
