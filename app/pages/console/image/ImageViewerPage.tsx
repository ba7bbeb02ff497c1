import { useParams } from 'wouter';
import { ConsoleScope } from '../ConsoleScope';
import { Studio } from '../studio/Studio';

/** /console/projects/:projectId/images/:imageId: the labeling studio for one project image. */
export default function ImageViewerPage() {
  const params = useParams<{ projectId: string; imageId: string }>();
  return (
    <ConsoleScope>
      <Studio key={params.projectId} projectId={params.projectId} imageId={params.imageId} />
    </ConsoleScope>
  );
}
